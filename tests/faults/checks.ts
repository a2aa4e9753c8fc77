// What must hold after a crash: every acknowledged write is there and whole, and nothing anywhere in the
// database or the upload folder is half-written. Each check returns the problems it found, in words.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { Write } from "./burst";
import { send } from "./http";
import type { Member } from "./world";

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Whether the mail of an acknowledged change is still owed: its event committed with the change but was not
 * dispatched yet. The request answers after dispatching what it can, but another request's dispatcher may hold
 * the event (SKIP LOCKED) when the kill lands; the event then stays pending and the next dispatcher (the restarted
 * app's background run, within 15 s) mails it, once (tests/integration/domain-events.test.ts proves that part).
 */
async function mailOwed(db: Db, kind: string, subjectId: unknown): Promise<boolean> {
  const pending = await rows(
    db,
    sql`select id from domain_events where kind = ${kind} and subject_id = ${String(subjectId)} and dispatched_at is null`,
  );
  return pending.length === 1;
}

/** Every file under `dir`, as keys relative to it ("listings/<owner>/<name>-320.webp"). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** Every file the database points at: each listing picture at each width, and avatars. */
export async function referencedFiles(db: Db): Promise<Set<string>> {
  const pictures = await rows(db, sql`select images from listings`);
  const keys = pictures.flatMap((r) =>
    (r.images as { key: string; widths: number[] }[]).flatMap((i) => i.widths.map((w) => `${i.key}-${w}.webp`)),
  );
  const avatars = await rows(db, sql`select avatar_url from profiles where avatar_url like '/uploads/%'`);
  return new Set([...keys, ...avatars.map((r) => String(r.avatar_url).slice("/uploads/".length))]);
}

/** The acknowledged writes, one by one, as the database has them. */
export async function lostWrites(db: Db, writes: Write[]): Promise<string[]> {
  const problems: string[] = [];
  for (const write of writes.filter((w) => w.acknowledged)) {
    const { plan, result } = write;
    if (write.kind === "create listing") {
      const [row] = await rows(db, sql`select status, title, user_id, images from listings where id = ${result?.id}`);
      if (!row)
        problems.push(`listing ${result?.id} (${plan.title}) was acknowledged (201) but is not in the database`);
      else if (
        row.status !== "active" ||
        row.title !== plan.title ||
        row.user_id !== plan.ownerId ||
        (row.images as unknown[]).length !== 1
      )
        problems.push(`listing ${result?.id} is not what was acknowledged: ${JSON.stringify(row)}`);
    } else if (write.kind === "propose") {
      const [row] = await rows(
        db,
        sql`select status, offered_listing_id, target_listing_id from swap_proposals where id = ${result?.id}`,
      );
      if (!row) problems.push(`proposal ${result?.id} was acknowledged (201) but is not in the database`);
      else if (row.offered_listing_id !== plan.offered || row.target_listing_id !== plan.target)
        problems.push(`proposal ${result?.id} is not the one acknowledged`);
      const mails = await rows(
        db,
        sql`select id from mail_outbox where template = 'proposal_received' and position(${plan.offeredTitle} in text_body) > 0`,
      );
      if (row && mails.length !== 1 && !(mails.length === 0 && (await mailOwed(db, "swap.proposed", result?.id))))
        problems.push(
          `proposal ${result?.id} was acknowledged but its receiver has ${mails.length} offer e-mails for it, not 1`,
        );
    } else if (write.kind === "accept") {
      const [row] = await rows(db, sql`select status from swap_proposals where id = ${plan.swapId}`);
      if (row?.status !== "accepted")
        problems.push(`accept of ${plan.swapId} was acknowledged but the swap is ${row?.status}`);
      const mails = await rows(
        db,
        sql`select m.id from mail_outbox m join swap_proposals s on s.id = ${plan.swapId} join users u on u.id = s.proposer_id where m.template = 'proposal_accepted' and m.to_address = u.email`,
      );
      if (mails.length === 0 && !(await mailOwed(db, "swap.accepted", plan.swapId)))
        problems.push(
          `accept of ${plan.swapId} was acknowledged but its proposer was neither e-mailed nor owed a mail`,
        );
    } else if (write.kind === "start payment") {
      const [row] = await rows(
        db,
        sql`select status from payment_logs where checkout_session_id = ${result?.sessionId}`,
      );
      if (!row)
        problems.push(`checkout ${result?.sessionId} for swap ${plan.swapId} was acknowledged but has no payment row`);
    } else if (write.kind === "pay by card" || write.kind === "webhook") {
      const paid = await rows(
        db,
        sql`select p.id from payment_logs p join swap_proposals s on s.id = p.swap_proposal_id
            where p.swap_proposal_id = ${plan.swapId} and p.user_id = ${plan.payerId} and p.status in ('held', 'completed') and s.proposer_paid`,
      );
      if (paid.length !== 1)
        problems.push(
          `${write.kind} for swap ${plan.swapId} was acknowledged (${result?.status}) but ${paid.length} held or captured payments are recorded with the party marked paid`,
        );
      if (write.kind === "webhook") {
        const [event] = await rows(db, sql`select status from webhook_events where id = ${plan.eventId}`);
        if (event?.status !== "processed")
          problems.push(`webhook ${plan.eventId} was acknowledged but its event is ${event?.status ?? "missing"}`);
      }
    }
  }
  return problems;
}

/**
 * Invariants over the whole database and upload folder: none may be broken, by any write, cut off or not.
 * `pendingAllowed`: files of interrupted uploads may still be there, noted for the scheduler's sweep (PostgreSQL).
 */
export async function halfWritten(
  db: Db,
  uploadsDir: string,
  { pendingAllowed }: { pendingAllowed: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  const expectNone = async (what: string, query: ReturnType<typeof sql>) => {
    const found = await rows(db, query);
    if (found.length)
      problems.push(
        `${what}: ${JSON.stringify(found.slice(0, 3))}${found.length > 3 ? ` and ${found.length - 3} more` : ""}`,
      );
  };
  const inSwap = (statuses: string) =>
    sql.raw(
      `exists (select 1 from swap_proposals s where s.status in (${statuses}) and (s.offered_listing_id = l.id or s.target_listing_id = l.id))`,
    );

  await expectNone(
    "a listing reserved without an accepted swap",
    sql`select l.id from listings l where l.status = 'reserved' and not ${inSwap("'accepted'")}`,
  );
  await expectNone(
    "a listing swapped without a completed swap",
    sql`select l.id from listings l where l.status = 'swapped' and not ${inSwap("'completed'")}`,
  );
  await expectNone(
    "an accepted swap whose listings are not both reserved",
    sql`select s.id from swap_proposals s join listings o on o.id = s.offered_listing_id join listings t on t.id = s.target_listing_id
        where s.status = 'accepted' and (o.status <> 'reserved' or t.status <> 'reserved')`,
  );
  await expectNone(
    "a listing with two winners (in more than one accepted or completed swap)",
    sql`select listing_id, count(*) from (select offered_listing_id as listing_id from swap_proposals where status in ('accepted', 'completed')
        union all select target_listing_id from swap_proposals where status in ('accepted', 'completed')) x group by listing_id having count(*) > 1`,
  );
  await expectNone(
    "a rival proposal still pending on a listing of an accepted swap",
    sql`select p.id from swap_proposals p join swap_proposals a on a.status in ('accepted', 'completed') and a.id <> p.id
        and (p.offered_listing_id in (a.offered_listing_id, a.target_listing_id) or p.target_listing_id in (a.offered_listing_id, a.target_listing_id))
        where p.status = 'pending'`,
  );
  await expectNone(
    "a card payment held or captured without its processed event",
    sql`select p.id from payment_logs p where p.provider = 'local' and p.status in ('held', 'completed') and not exists (
          select 1 from webhook_events e where e.status = 'processed' and e.payload #>> '{data,object,metadata,paymentId}' = p.id::text)`,
  );
  await expectNone(
    "a processed payment event whose payment is not held, captured or released (decision 102)",
    sql`select e.id from webhook_events e where e.status = 'processed' and e.type = 'checkout.session.completed' and not exists (
          select 1 from payment_logs p where p.id::text = e.payload #>> '{data,object,metadata,paymentId}' and p.status in ('held', 'completed', 'released'))`,
  );
  await expectNone(
    "a party marked paid without a held or captured payment",
    sql`select s.id from swap_proposals s where (s.proposer_paid and not exists (select 1 from payment_logs p where p.swap_proposal_id = s.id and p.user_id = s.proposer_id and p.status in ('held', 'completed')))
        or (s.receiver_paid and not exists (select 1 from payment_logs p where p.swap_proposal_id = s.id and p.user_id = s.receiver_id and p.status in ('held', 'completed')))`,
  );
  await expectNone(
    "a held or captured payment whose party is not marked paid",
    sql`select p.id from payment_logs p join swap_proposals s on s.id = p.swap_proposal_id
        where p.status in ('held', 'completed') and not (case when p.user_id = s.proposer_id then s.proposer_paid else s.receiver_paid end)`,
  );
  await expectNone(
    "a payment recorded twice",
    sql`select swap_proposal_id, user_id from payment_logs where status in ('held', 'completed') group by 1, 2 having count(*) > 1`,
  );
  await expectNone(
    "a mail outbox row that is not whole",
    sql`select id from mail_outbox where to_address = '' or subject = '' or text_body = '' or html_body is null or html_body = '' or template is null`,
  );

  const referenced = await referencedFiles(db);
  const onDisk = new Set(filesUnder(uploadsDir));
  for (const key of [...referenced].filter((key) => !onDisk.has(key)))
    problems.push(`a picture row without its file: ${key}`);
  // A file of an upload the kill cut short is noted (pending_files) for deletion: at the embedded database's next
  // start, or by the scheduler once the upload's hour is up when several processes share the database.
  const noted = new Set((await rows(db, sql`select keys from pending_files`)).flatMap((r) => r.keys as string[]));
  const keyOf = (file: string) => file.replace(/(^|\/)\.([^/]+)\.tmp$/, "$1$2");
  for (const file of [...onDisk].filter((file) => !referenced.has(file))) {
    if (!noted.has(keyOf(file)))
      problems.push(`a file in uploads/ no row points at, and no note to delete it: ${file}`);
    else if (!pendingAllowed)
      problems.push(`a file of an interrupted upload still in uploads/ after the restart: ${file}`);
  }
  return problems;
}

/** The acknowledged writes as their members see them after the restart: the listing's page and pictures, the swap. */
export async function missingOverHttp(url: string, writes: Write[], members: Member[]): Promise<string[]> {
  const problems: string[] = [];
  const cookieOf = (id: string) => members.find((m) => m.id === id)?.cookie ?? "";
  for (const write of writes.filter((w) => w.acknowledged)) {
    if (write.kind === "create listing") {
      const page = await send(`${url}/api/v1/listings/${write.result?.id}`, {
        headers: { accept: "application/json" },
      });
      if (page.status !== 200) {
        problems.push(`GET /api/v1/listings/${write.result?.id} answered ${page.status}`);
        continue;
      }
      const { listing } = JSON.parse(page.text) as { listing: { images: { key: string; widths: number[] }[] } };
      for (const image of listing.images)
        for (const width of image.widths) {
          const picture = await send(`${url}/uploads/${image.key}-${width}.webp`);
          if (picture.status !== 200 || picture.headers["content-type"] !== "image/webp")
            problems.push(`the picture ${image.key}-${width}.webp answered ${picture.status}`);
        }
    } else if (
      write.kind === "propose" ||
      write.kind === "accept" ||
      write.kind === "pay by card" ||
      write.kind === "webhook"
    ) {
      const swapId = write.kind === "propose" ? write.result?.id : write.plan.swapId;
      const who =
        write.kind === "propose"
          ? write.plan.proposerId
          : write.kind === "accept"
            ? write.plan.receiverId
            : write.plan.payerId;
      const answer = await send(`${url}/api/v1/swaps/${swapId}`, {
        headers: { accept: "application/json", cookie: cookieOf(who) },
      });
      const swap =
        answer.status === 200 ? (JSON.parse(answer.text) as { swap: { status: string; iPaid: boolean } }).swap : null;
      const expected =
        write.kind === "propose"
          ? swap?.status === "pending"
          : write.kind === "accept"
            ? swap?.status === "accepted"
            : swap?.iPaid === true;
      if (!expected)
        problems.push(
          `${write.kind} of swap ${swapId} was acknowledged but the member sees ${answer.status} ${JSON.stringify(swap && { status: swap.status, iPaid: swap.iPaid })}`,
        );
    }
  }
  return problems;
}
