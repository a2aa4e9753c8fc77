// Two app processes over one PostgreSQL, both running the background jobs, as a deployment behind a load
// balancer runs them: the production build started twice, on two ports, driven over HTTP. Whatever one
// process does, the other must see at once; whatever must happen once (a job, a mail, a swap's winner) must
// happen once however the two race. See README "Scaling out".
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, isNotNull, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESET_LINK_SENT } from "#core/auth/request-password-reset.ts";
import { DAILY_CLEANUP_HOUR, DAILY_CLEANUP_JOB } from "#core/jobs/daily-cleanup.ts";
import { enqueueMail } from "#core/mail/mailer.ts";
import { sydneyTime } from "#core/shared/time.ts";
import { grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { LISTING_NO_LONGER_AVAILABLE, NOT_PENDING } from "#core/swaps/swap-guards.ts";
import { type DbHandle, openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { adminAuditLog, auditLogs, securityEvents } from "#db/schema/audit.ts";
import { sessions, users } from "#db/schema/auth.ts";
import { domainEvents } from "#db/schema/events.ts";
import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAG_KEYS, type FeatureFlagKey } from "#db/schema/flags.ts";
import { listings } from "#db/schema/listings.ts";
import { jobRuns, mailOutbox } from "#db/schema/ops.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createListing, createMember, createSwap } from "../support/factories";
import { queryServer } from "../support/pg-server";
import { totpCode } from "../support/totp";
import {
  type AppProcess,
  ensureProductionBuild,
  freePort,
  killOnExit,
  startAppProcess,
  stopAppProcess,
  waitUntilReady,
} from "./app-process";
import { startSmtpSink } from "./smtp-sink";
import { PUBLIC_ORIGIN, pageText, Visitor } from "./visitor";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  throw new Error(
    "The scale-out suite needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres). `npm test` skips it without one.",
  );
}

const PASSWORD = "Swapshed1";
const WRONG_PASSWORD = "Not-the-password1";
const DAY = 24 * 60 * 60 * 1000;
/** Mails already queued when the processes start (a restart with a backlog): more than one delivery run takes (20). */
const BACKLOG = 30;
const TOO_MANY_ATTEMPTS = /^Too many attempts\. Please try again in \d+ seconds\.$/;
const ADMIN_LIMITED = /Rate limit exceeded\. Try again at \d/;

const dbName = `swapshed_scaleout_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-scaleout-"));
let handle: DbHandle;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let A: AppProcess;
let B: AppProcess;
const apps: AppProcess[] = [];
/** Sydney time when the processes started: their first scheduler tick runs the daily cleanup if it is 02:00 or later. */
let sydneyAtStart: { date: string; hour: number };
const due = { userId: crypto.randomUUID(), listingId: "" };
const notYetDue = { userId: crypto.randomUUID() };
/** Swap events committed by a process that died before dispatching them: the next processes mail each once. */
const EVENT_BACKLOG = 12;
const pendingEvents = { swapId: "", receiverEmail: "" };
const figures = {
  started: Date.now(),
  winners: 0,
  refusedAccepts: 0,
  winnerVia: "",
  signInRefusedAt: 0,
  adminRefusedAt: 0,
  mails: 0,
  mailsByA: 0,
  mailsByB: 0,
  purged: 0,
  cleanupRuns: 0,
};

const db = () => handle.db;
const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}@example.com.au`;
const via = (i: number) => (i % 2 === 0 ? A : B);

async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const serverQuery = (statement: string) => queryServer(serverUrl as string, statement);

/** Before the processes start: a member whose 30 days after deletion are up, one whose are not, and a mail backlog. */
async function seedBeforeStart() {
  const now = Date.now();
  for (const [member, deletedDaysAgo, name] of [
    [due, 31, "Dora Departed"],
    [notYetDue, 10, "Nell Notyet"],
  ] as const) {
    await db()
      .insert(users)
      .values({ id: member.userId, name, email: uniqueEmail("deleted"), emailVerified: true });
    const deletedAt = new Date(now - deletedDaysAgo * DAY);
    await db()
      .insert(profiles)
      .values({
        userId: member.userId,
        phone: "0412 345 678",
        location: "Bondi NSW 2026",
        status: "active",
        deletedAt,
        permanentDeletionAt: new Date(deletedAt.getTime() + 30 * DAY),
      });
  }
  // Never offered in a swap, so the purge removes it outright.
  due.listingId = await createListing(db(), due.userId, { title: "Old push mower" });
  // A proposal whose events were recorded but never dispatched (the process died after its commits).
  const [owner, asker] = [await createMember(db(), { name: "Petra Pending" }), await createMember(db())];
  const target = await createListing(db(), owner.id, { title: "Weber kettle barbecue" });
  const offered = await createListing(db(), asker.id, { title: "Camping fridge" });
  const { swapId } = await createSwap(db(), {
    status: "pending",
    targetListingId: target,
    offeredListingId: offered,
    proposerId: asker.id,
    receiverId: owner.id,
    expiresAt: new Date(now + 2 * DAY),
  });
  const swap = { id: swapId };
  Object.assign(pendingEvents, { swapId: swap.id, receiverEmail: owner.email });
  await db()
    .insert(domainEvents)
    .values(Array.from({ length: EVENT_BACKLOG }, () => ({ kind: "swap.proposed", subjectId: swap.id })));
  for (let i = 1; i <= BACKLOG; i++) {
    await enqueueMail(db(), {
      to: `backlog-${i}@example.com.au`,
      subject: `Backlog mail ${i}`,
      text: "Queued before the restart.",
      html: "<p>Queued before the restart.</p>",
      template: "backlog",
    });
  }
}

beforeAll(async () => {
  ensureProductionBuild();
  await serverQuery(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  handle = await openDatabase({ url: url.toString() });
  // Dropping the database with (force) ends sockets the pool is still closing: expected, not an error.
  handle.pool?.on("error", () => {});
  await migrate(handle);
  await seedBeforeStart();
  sink = await startSmtpSink();

  // One site behind one proxy: the same APP_URL (its public address), secret and database on both.
  const secret = crypto.randomBytes(32).toString("hex");
  const [portA, portB] = [await freePort(), await freePort()];
  const env = (smtpUser: string) => ({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: url.toString(),
    APP_URL: PUBLIC_ORIGIN,
    BETTER_AUTH_SECRET: secret,
    // The test plays the proxy: X-Forwarded-For from 127.0.0.1 is believed, so each visitor has its own address.
    TRUSTED_PROXY: "127.0.0.1",
    RUN_JOBS: "true",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: sink.urlFor(smtpUser),
    ALLOW_TEST_PAYMENTS: "true",
    LOG_LEVEL: "silent",
    // Shared file storage, as S3 would be: one directory both processes use.
    DATA_DIR: dataDir,
  });
  const now = sydneyTime(new Date());
  sydneyAtStart = { date: now.date, hour: now.hour };
  A = startAppProcess("A", portA, env("process-a"));
  B = startAppProcess("B", portB, env("process-b"));
  apps.push(A, B);
  killOnExit(apps);
  await Promise.all([waitUntilReady(A), waitUntilReady(B)]);
  // Both processes must have started on the same Sydney date past 02:00 for their first tick to run the cleanup.
  const ready = sydneyTime(new Date());
  if (ready.date !== sydneyAtStart.date) sydneyAtStart.hour = -1;
});

afterAll(async () => {
  await Promise.all(apps.map(stopAppProcess));
  await sink?.close();
  await handle?.close();
  await serverQuery(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (A && B) {
    const f = figures;
    console.log(
      `scale-out: 2 processes (A :${A.port}, B :${B.port}), ${A.requests + B.requests} HTTP requests (A ${A.requests}, B ${B.requests});` +
        ` 20 concurrent accepts: ${f.winners} winner (via ${f.winnerVia || "none"}), ${f.refusedAccepts} refused;` +
        ` sign-in refused from attempt ${f.signInRefusedAt || "-"}, admin action from attempt ${f.adminRefusedAt || "-"};` +
        ` ${f.mails} mails delivered once each (A ${f.mailsByA}, B ${f.mailsByB}); daily cleanup runs ${f.cleanupRuns}, purged ${f.purged};` +
        ` ${((Date.now() - f.started) / 1000).toFixed(1)} s`,
    );
  }
});

/** Signs a new member up through `app`, as their browser would; the visitor keeps the session cookie. */
async function signUp(visitor: Visitor, app: AppProcess, fullName: string, email = uniqueEmail("member")) {
  const answer = await visitor.postJson(app, "/api/v1/auth/sign-up", { email, password: PASSWORD, fullName });
  if (answer.status !== 201) throw new Error(`sign-up on ${app.name} answered ${answer.status}: ${answer.text}`);
  return { userId: String(answer.json().userId), email };
}

/** A member made admin as `npm run staff -- grant admin` does, who sets up TOTP on the back office's page. */
async function makeAdmin(fullName: string) {
  const visitor = new Visitor();
  const { userId } = await signUp(visitor, A, fullName);
  // Staff set up two-factor only on a confirmed address (decision 067), as opening the sign-up mail's link does.
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  await grantStaffRole(db(), { userId, role: "admin", by: { actorId: null, via: "cli" } });
  // Started on A, confirmed on B: the pending key is in the database, not in A's memory.
  const started = await visitor.postForm(A, "/admin/two-factor", { password: PASSWORD });
  expect(started.status).toBe(200);
  const totpUri = pageText(started.text.match(/name="totpUri" value="([^"]+)"/)?.[1] ?? "");
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  const confirmed = await visitor.postForm(B, "/admin/two-factor", {
    intent: "confirm",
    totpUri,
    code: totpCode(secret),
  });
  expect(confirmed.status).toBe(200);
  expect(pageText(confirmed.text)).toContain("Two-factor sign-in is on.");
  return { visitor, userId };
}

/** The Settings page's flags form: a checked switch posts its key with "on", the rest as the defaults. */
function flagsForm(values: Partial<Record<FeatureFlagKey, boolean>> = {}) {
  const all = { ...FEATURE_FLAG_DEFAULTS, ...values };
  return { intent: "flags", ...Object.fromEntries(FEATURE_FLAG_KEYS.filter((k) => all[k]).map((k) => [k, "on"])) };
}

describe("two app processes over one PostgreSQL, both running the jobs", () => {
  test("a session made by signing in on A is accepted by B, and signing out on B ends it on A too", async () => {
    const { email, userId } = await signUp(new Visitor(), A, "Kylie Nguyen");
    const browser = new Visitor();
    const signedIn = await browser.postJson(A, "/api/v1/auth/sign-in", { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(browser.cookieHeader).toMatch(/__Secure-better-auth\.session_token=/);

    const me = await browser.get(B, "/api/v1/me");
    expect(me.status).toBe(200);
    expect(me.json().user).toMatchObject({ id: userId, email });

    // The cookie as it was before signing out, as a second tab (or a thief) would still have it.
    const sameCookie = browser.copy();
    // This device only (the call's default scope is global, the spec's): the sign-up's own session must survive.
    expect((await browser.postJson(B, "/api/v1/auth/sign-out", { scope: "local" })).status).toBe(200);
    expect((await sameCookie.get(A, "/api/v1/me")).status).toBe(401);
    expect((await sameCookie.get(B, "/api/v1/me")).status).toBe(401);
    expect((await browser.get(A, "/api/v1/me")).status).toBe(401);
    // Only the sign-up's own session is left.
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
  });

  test("sign-in attempts for one e-mail alternating between A and B are refused after the 5th: the limit is global", async () => {
    const email = uniqueEmail("guessed");
    const guesser = new Visitor();
    for (let i = 0; i < 5; i++) {
      const answer = await guesser.postJson(via(i), "/api/v1/auth/sign-in", { email, password: WRONG_PASSWORD });
      expect(answer.status, `attempt ${i + 1} on ${via(i).name}`).toBe(401);
      expect(answer.json().error).toBe("Invalid email or password");
    }
    for (const [i, app] of [B, A].entries()) {
      const refused = await guesser.postJson(app, "/api/v1/auth/sign-in", { email, password: WRONG_PASSWORD });
      expect(refused.status, `attempt ${6 + i} on ${app.name}`).toBe(429);
      expect(refused.json().error).toMatch(TOO_MANY_ATTEMPTS);
    }
    figures.signInRefusedAt = 6;
    const logged = await db()
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.eventType, "rate_limited"),
          eq(securityEvents.attemptedAction, "sign_in"),
          eq(securityEvents.ipAddress, guesser.ip),
        ),
      );
    expect(logged).toHaveLength(2);
  });

  test("an admin's actions alternating between A and B are refused after the 10th in a minute: the admin limit is global", async () => {
    const busy = await makeAdmin("Busy Admin");
    for (let i = 0; i < 10; i++) {
      // Each save changes a flag (auto takedown on, off, ...): a save that changes nothing writes no audit row (071).
      const saved = await busy.visitor.postForm(
        via(i),
        "/admin/settings",
        flagsForm({ enable_auto_takedown: i % 2 === 0 }),
      );
      expect({ attempt: i + 1, on: via(i).name, status: saved.status, location: saved.location }).toEqual({
        attempt: i + 1,
        on: via(i).name,
        status: 302,
        location: "/admin/settings",
      });
    }
    for (const [i, app] of [A, B].entries()) {
      const refused = await busy.visitor.postForm(app, "/admin/settings", flagsForm());
      expect(refused.status, `action ${11 + i} on ${app.name}`).toBe(429);
      expect(pageText(refused.text)).toMatch(ADMIN_LIMITED);
    }
    figures.adminRefusedAt = 11;
    const audited = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, busy.userId), eq(adminAuditLog.action, "update_feature_flags")));
    expect(audited).toHaveLength(10);
  });

  test("a feature flag saved on A's Settings page is in force on B at the next request, and so is its restoring", async () => {
    const avery = await makeAdmin("Avery Admin");
    const prober = new Visitor();
    const email = uniqueEmail("probe");
    const attempt = () => prober.postJson(B, "/api/v1/auth/sign-in", { email, password: WRONG_PASSWORD });

    const off = await avery.visitor.postForm(A, "/admin/settings", flagsForm({ enable_rate_limiting: false }));
    expect(off).toMatchObject({ status: 302, location: "/admin/settings" });
    // Rate limiting off, at once on B: seven wrong passwords in a row, none refused for the count.
    for (let i = 0; i < 7; i++) expect((await attempt()).status, `attempt ${i + 1} with the flag off`).toBe(401);

    const on = await avery.visitor.postForm(A, "/admin/settings", flagsForm());
    expect(on).toMatchObject({ status: 302, location: "/admin/settings" });
    // On again: B counts from the next attempt (uncounted ones stay uncounted) and refuses the 6th.
    for (let i = 0; i < 5; i++) expect((await attempt()).status, `attempt ${i + 1} with the flag on again`).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.json().error).toMatch(TOO_MANY_ATTEMPTS);

    const audited = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, avery.userId), eq(adminAuditLog.action, "update_feature_flags")))
      .orderBy(adminAuditLog.createdAt);
    expect(audited.map((row) => (row.metadata as { changed: unknown }).changed)).toEqual([
      { enable_rate_limiting: { from: true, to: false } },
      { enable_rate_limiting: { from: false, to: true } },
    ]);
  });

  test("a visitor page kept by one process is dropped moments after a change is made through the other (its NOTIFY): the next visitor there sees it", async () => {
    const owner = new Visitor();
    const { userId } = await signUp(owner, A, "Lachlan Lister");
    for (const [writer, reader] of [
      [A, B],
      [B, A],
      [A, B],
    ] as const) {
      const listingId = await createListing(db(), userId, {
        title: `Canoe for two, with paddles (${writer.name} to ${reader.name})`,
      });
      const page = `/listings/${listingId}`;
      const anyone = new Visitor();
      // Written by the test, not through a request: the processes hear of it a moment later.
      for (let tries = 0; (await anyone.get(reader, page)).status !== 200; tries++) {
        if (tries > 50) throw new Error(`${reader.name} never showed the new listing`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The reader keeps one copy of the listing page and of the home page and sends it again, validators and all.
      const kept = await anyone.get(reader, page);
      const again = await anyone.get(reader, page);
      expect(kept.headers.get("cache-control")).toMatch(/^public, /);
      expect(again.headers.get("etag")).toBe(kept.headers.get("etag"));
      await anyone.get(reader, "/");
      expect((await anyone.get(reader, "/")).text).toContain(listingId);

      const removed = await owner.delete(writer, `/api/v1/listings/${listingId}`);
      expect(removed.status).toBe(200);
      // The other process hears of the change through NOTIFY, a few milliseconds after the commit (the writer waits
      // only for its own copy of the notification): within 2 s its copy is gone, the listing with it. A copy that
      // is never dropped still fails here.
      // Its address then says it is no longer listed (decision 092).
      const gone = async () => (await anyone.get(reader, page)).text.includes("This item is no longer listed");
      const deadline = Date.now() + 2_000;
      while (!(await gone()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await gone()).toBe(true);
      expect((await anyone.get(reader, "/")).text).not.toContain(listingId);
    }
  });

  test("a message sent through A reaches the other member's open stream on B at once, masked for them, and back the other way (LISTEN/NOTIFY)", async () => {
    const owner = new Visitor();
    const asker = new Visitor();
    const { userId: ownerId } = await signUp(owner, A, "Opal Owner");
    await signUp(asker, B, "Ash Asker");
    const listingId = await createListing(db(), ownerId, { title: "Trailer, 6x4, caged" });
    const asked = await asker.postJson(B, `/api/v1/listings/${listingId}/conversation`, {});
    expect(asked.status).toBeLessThan(300);
    const conversationId = String(asked.json().id);

    /** A tab's /live on `app`, read as an EventSource reads it. */
    const openStream = async (visitor: Visitor, app: AppProcess) => {
      const controller = new AbortController();
      const res = await fetch(`${app.url}/live`, {
        headers: { cookie: visitor.cookieHeader, accept: "text/event-stream", "x-forwarded-for": visitor.ip },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      const until = async (what: string, pattern: RegExp) => {
        const deadline = Date.now() + 5_000;
        while (!pattern.test(text)) {
          if (Date.now() > deadline) throw new Error(`no ${what} on ${app.name}'s stream: ${text}`);
          const next = await Promise.race([
            reader.read(),
            new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
          ]);
          if (next && !next.done) text += decoder.decode(next.value, { stream: true });
        }
        return text;
      };
      await until("first counts", /event: counts\n/);
      return { until, text: () => text, close: () => controller.abort() };
    };

    const ownerOnB = await openStream(owner, B);
    const askerOnA = await openStream(asker, A);
    const sent = await asker.postJson(A, `/api/v1/conversations/${conversationId}/messages`, {
      body: "Is it still available? Text me on 0412 345 678",
    });
    expect(sent.status).toBe(201);
    const seq = Number((sent.json().message as { seq: number }).seq);
    const received = await ownerOnB.until("the line", new RegExp(`event: line\ndata: .*"seq":${seq}`));
    // Masked for the owner (the fees are not paid), by B, which read it from the database for them.
    expect(received).not.toContain("345 678");
    expect(received).toMatch(/"masked":true/);
    // How soon is the bench's to say (bench/live.ts); here it must arrive within the 5 s `until` waits.

    // And the owner's answer through B reaches the asker's stream on A; then the owner's read moves the asker's Seen.
    const answer = await owner.postJson(B, `/api/v1/conversations/${conversationId}/messages`, { body: "Yes, it is" });
    expect(answer.status).toBe(201);
    await askerOnA.until("the answer", /"body":"Yes, it is"/);
    const more = await asker.postJson(A, `/api/v1/conversations/${conversationId}/messages`, { body: "Saturday?" });
    expect(more.status).toBe(201);
    await ownerOnB.until("the second line", /"body":"Saturday\?"/);
    expect((await owner.postJson(B, `/api/v1/conversations/${conversationId}/read`, {})).status).toBe(200);
    await askerOnA.until("Seen", new RegExp(`event: seen\ndata: \\{"thread":"${conversationId}"`));
    ownerOnB.close();
    askerOnA.close();
  });

  test("twenty proposals for one listing accepted at once, half through A and half through B: one winner, the listing reserved once, the rest refused", async () => {
    const receiver = new Visitor();
    const { userId: receiverId } = await signUp(receiver, A, "Rhea Receiver");
    const target = await createListing(db(), receiverId, { title: "Malibu surfboard" });
    const names = [
      "Ava",
      "Ben",
      "Chloe",
      "Dev",
      "Ella",
      "Finn",
      "Grace",
      "Hamish",
      "Isla",
      "Jack",
      "Kiara",
      "Liam",
      "Mia",
      "Noah",
      "Olive",
      "Priya",
      "Quinn",
      "Ruby",
      "Sam",
      "Tahlia",
    ];
    const proposals = await Promise.all(
      names.map(async (first, i) => {
        const proposer = new Visitor();
        const { userId } = await signUp(proposer, via(i), `${first} Swapper`);
        const offered = await createListing(db(), userId, { title: `${first}'s road bike` });
        const proposed = await proposer.postJson(via(i + 1), "/api/v1/swaps", {
          targetListingId: target,
          offeredListingId: offered,
        });
        expect(proposed.status, proposed.text).toBe(201);
        return { id: String(proposed.json().id), offered };
      }),
    );

    const answers = await Promise.all(
      proposals.map((p, i) => receiver.postJson(via(i), `/api/v1/swaps/${p.id}/accept`, {})),
    );
    const winners = answers.flatMap((a, i) =>
      a.status === 200 ? [{ ...proposals[i], via: via(i).name, body: a.json() }] : [],
    );
    const refused = answers.filter((a) => a.status !== 200);
    figures.winners = winners.length;
    figures.refusedAccepts = refused.length;
    figures.winnerVia = winners.map((w) => w.via).join(", ");
    expect(winners).toHaveLength(1);
    expect(winners[0].body).toEqual({ status: "accepted" });
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect([NOT_PENDING, LISTING_NO_LONGER_AVAILABLE]).toContain(answer.json().error);
    }

    const onTarget = await db().select().from(swapProposals).where(eq(swapProposals.targetListingId, target));
    expect(onTarget.filter((s) => s.status === "accepted").map((s) => s.id)).toEqual([winners[0].id]);
    const rejected = onTarget.filter((s) => s.status === "rejected");
    expect(rejected).toHaveLength(19);
    expect(new Set(rejected.map((s) => s.rejectionReason))).toEqual(new Set([LISTING_NO_LONGER_AVAILABLE]));
    const involved = [target, ...proposals.map((p) => p.offered)];
    const reserved = await db()
      .select({ id: listings.id })
      .from(listings)
      .where(and(inArray(listings.id, involved), eq(listings.status, "reserved")));
    expect(reserved.map((l) => l.id).sort()).toEqual([target, winners[0].offered].sort());
  });

  test("the daily cleanup ran exactly once for today across both processes, and purged the member whose deletion was due, once", async (ctx) => {
    if (sydneyAtStart.hour < DAILY_CLEANUP_HOUR) {
      const note = `skipped: the processes started at ${sydneyAtStart.hour < 0 ? "midnight" : `${sydneyAtStart.hour}:xx`} Sydney time, before the 02:00 daily cleanup is due`;
      console.log(`scale-out: daily cleanup assertion ${note}`);
      ctx.skip(note);
    }
    const runs = await eventually(
      "the daily cleanup to finish",
      () => db().select().from(jobRuns).where(eq(jobRuns.job, DAILY_CLEANUP_JOB)),
      (rows) => rows.length > 0 && rows.every((r) => r.finishedAt !== null),
      30_000,
    );
    figures.cleanupRuns = runs.length;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ runKey: sydneyAtStart.date, error: null });
    // Had the other process run it too, its run would have found no one left to purge and said so here.
    expect(runs[0].result).toMatchObject({ purgedMembers: 1 });
    figures.purged = Number((runs[0].result as { purgedMembers: number }).purgedMembers);

    const [purged] = await db().select().from(users).where(eq(users.id, due.userId));
    expect(purged).toMatchObject({ name: "Deleted member", email: `deleted-${due.userId}@deleted.invalid` });
    expect(await db().select().from(listings).where(eq(listings.id, due.listingId))).toHaveLength(0);
    const [kept] = await db().select().from(users).where(eq(users.id, notYetDue.userId));
    expect(kept.name).toBe("Nell Notyet");
  });

  test("swap events left undispatched before the start are turned into mail once each, although both processes dispatch", async () => {
    const events = await eventually(
      "the pending events to be dispatched",
      () => db().select().from(domainEvents).where(eq(domainEvents.subjectId, pendingEvents.swapId)),
      (rows) => rows.length === EVENT_BACKLOG && rows.every((r) => r.dispatchedAt !== null),
      60_000,
    );
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.eventId,
          events.map((e) => e.id),
        ),
      );
    // One proposal_received per event, to the receiver: none lost, none doubled by the race.
    expect(mails).toHaveLength(EVENT_BACKLOG);
    expect(new Set(mails.map((m) => m.eventId)).size).toBe(EVENT_BACKLOG);
    expect(mails.every((m) => m.template === "proposal_received" && m.toAddress === pendingEvents.receiverEmail)).toBe(
      true,
    );
  });

  test("a mail queued through A is delivered exactly once although both processes deliver mail, and so is every other mail", async () => {
    const { email } = await signUp(new Visitor(), B, "Frankie Forgetful");
    const asked = await new Visitor().postForm(A, "/auth/forgot-password", { email });
    expect(asked.status).toBe(200);
    expect(pageText(asked.text)).toContain(RESET_LINK_SENT);

    // Every mail in the outbox: the backlog, sign-ups' verification mails, the swaps' notices and the reset.
    const outbox = await eventually(
      "the outbox to be delivered",
      async () => {
        const failed = await db().select().from(mailOutbox).where(isNotNull(mailOutbox.lastError)).limit(1);
        if (failed.length) throw new Error(`a mail failed: ${failed[0].lastError}`);
        return db().select().from(mailOutbox);
      },
      (rows) => rows.every((r) => r.sentAt !== null),
      75_000,
    );
    // A second process that had picked a mail up as well would be sending it now: give it the time to arrive.
    await new Promise((r) => setTimeout(r, 1500));

    const key = (to: string, template: string | null) => `${to} ${template ?? ""}`;
    const tally = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
    const delivered = sink.deliveries.map((d) => key(d.to.join(","), d.template));
    expect(delivered.filter((k) => k === key(email, "password_reset"))).toHaveLength(1);
    expect(tally(delivered)).toEqual(tally(outbox.map((r) => key(r.toAddress, r.template))));

    figures.mails = delivered.length;
    figures.mailsByA = sink.deliveries.filter((d) => d.by === "process-a").length;
    figures.mailsByB = sink.deliveries.filter((d) => d.by === "process-b").length;
    // One delivery run takes at most 20 mails and the backlog was 30, so each process's first run found some.
    expect(figures.mailsByA).toBeGreaterThan(0);
    expect(figures.mailsByB).toBeGreaterThan(0);
    expect(outbox.length).toBeGreaterThanOrEqual(BACKLOG + 1);
  });

  test("a connection left idle longer than Node's default 5 s is still open for the next request (a load balancer reuses it)", async () => {
    // One socket, kept alive: the second request either reuses it or the server closed it under us.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get(`${A.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on("error", reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  test("neither process recorded an unexpected error (System Logs' errors) while all this went on", async () => {
    const errors = await db().select().from(auditLogs).where(like(auditLogs.action, "error.%"));
    expect(errors.map((e) => ({ action: e.action, details: e.details }))).toEqual([]);
    expect(await db().select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).toEqual([]);
  });
});
