import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { mailOutbox } from "#db/schema/ops.ts";
import { createTestDatabase } from "#tests/support/test-db.ts";
import {
  deliverPendingMail,
  enqueueMail,
  MAX_ATTEMPTS,
  type MailTransport,
  type OutgoingMail,
  RETRY_DELAYS_SECONDS,
} from "./mailer";
import { outboxTransport } from "./outbox-transport";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
beforeEach(() => db.delete(mailOutbox));

const mail = (n: number | string = 1): OutgoingMail => ({
  to: `member${n}@example.com`,
  subject: `Mail ${n}`,
  text: `Hello ${n}`,
  html: `<p>Hello ${n}</p>`,
  template: "test_mail",
});

/** A transport that keeps what it was handed, like an inbox. */
function recordingTransport(delayMs = 0) {
  const received: OutgoingMail[] = [];
  const transport: MailTransport = {
    async send(m) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      received.push(m);
    },
  };
  return { transport, received };
}

const failingTransport: MailTransport = {
  async send() {
    throw new Error("Connection refused by mail.example.com");
  },
};

const rowOf = async (id: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
/** Time passes for one mail: its back-off wait is over. */
const waitIsOver = (id: string) =>
  db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));

describe("mail outbox", () => {
  test("a queued mail is delivered once and marked sent", async () => {
    const { id } = await enqueueMail(db, mail());
    const { transport, received } = recordingTransport();

    expect(await deliverPendingMail(db, transport)).toEqual({ sent: 1, failed: 0 });
    expect(received).toEqual([mail()]);
    const row = await rowOf(id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(0);

    expect(await deliverPendingMail(db, transport)).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });

  test("the outbox transport marks mail as delivered without sending it anywhere", async () => {
    const { id } = await enqueueMail(db, mail());
    expect(await deliverPendingMail(db, outboxTransport)).toEqual({ sent: 1, failed: 0 });
    expect((await rowOf(id)).sentAt).not.toBeNull();
  });

  test("mail queued by an action that rolls back is never sent", async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail());
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await db.select().from(mailOutbox)).toEqual([]);
    const { transport, received } = recordingTransport();
    expect(await deliverPendingMail(db, transport)).toEqual({ sent: 0, failed: 0 });
    expect(received).toEqual([]);
  });

  test("a failed delivery counts the attempt, keeps the error and leaves the mail unsent", async () => {
    const { id } = await enqueueMail(db, mail());
    expect(await deliverPendingMail(db, failingTransport)).toEqual({ sent: 0, failed: 1 });
    let row = await rowOf(id);
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe("Connection refused by mail.example.com");

    // Not again at once: the next run, 15 s later, leaves it alone while the server may still be down.
    const { transport, received } = recordingTransport();
    expect(await deliverPendingMail(db, transport)).toEqual({ sent: 0, failed: 0 });
    expect(row.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan((RETRY_DELAYS_SECONDS[0] - 5) * 1000);

    // Once its wait is over, a run tries again and succeeds; the failure stays on record.
    await waitIsOver(id);
    expect(await deliverPendingMail(db, transport)).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    row = await rowOf(id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
  });

  test("a failing mail is tried once per run and does not hold up the others", async () => {
    const bad = await enqueueMail(db, mail("bad"));
    await enqueueMail(db, mail(2));
    await enqueueMail(db, mail(3));
    const received: string[] = [];
    const picky: MailTransport = {
      async send(m) {
        if (m.to.startsWith("memberbad")) throw new Error("Mailbox unavailable");
        received.push(m.subject);
      },
    };
    expect(await deliverPendingMail(db, picky)).toEqual({ sent: 2, failed: 1 });
    expect(received).toEqual(["Mail 2", "Mail 3"]);
    expect((await rowOf(bad.id)).attempts).toBe(1);
  });

  test(`a mail is given up after ${MAX_ATTEMPTS} failed attempts`, async () => {
    const { id } = await enqueueMail(db, mail());
    const waits: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(await deliverPendingMail(db, failingTransport)).toEqual({ sent: 0, failed: 1 });
      const row = await rowOf(id);
      waits.push(Math.round((row.nextAttemptAt!.getTime() - Date.now()) / 60_000));
      await waitIsOver(id);
    }
    // Longer and longer waits: 1 min, 5 min, 30 min, 2 h (and the last one is never waited for).
    expect(waits.slice(0, 4)).toEqual(RETRY_DELAYS_SECONDS.map((seconds) => seconds / 60));
    const { transport, received } = recordingTransport();
    expect(await deliverPendingMail(db, transport)).toEqual({ sent: 0, failed: 0 });
    expect(received).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ sentAt: null, attempts: MAX_ATTEMPTS });
  });

  test("delivery sends the oldest mail first and stops at the limit", async () => {
    for (const n of [1, 2, 3]) await enqueueMail(db, mail(n));
    const { transport, received } = recordingTransport();
    expect(await deliverPendingMail(db, transport, { limit: 2 })).toEqual({ sent: 2, failed: 0 });
    expect(received.map((m) => m.subject)).toEqual(["Mail 1", "Mail 2"]);
    expect(await deliverPendingMail(db, transport, { limit: 2 })).toEqual({ sent: 1, failed: 0 });
    expect(received.map((m) => m.subject)).toEqual(["Mail 1", "Mail 2", "Mail 3"]);
  });

  test.skipIf(handle.kind !== "postgres")("two deliveries running at once never send a mail twice", async () => {
    for (let n = 0; n < 30; n++) await enqueueMail(db, mail(n));
    const { transport, received } = recordingTransport(5);

    const [a, b] = await Promise.all([
      deliverPendingMail(db, transport, { limit: 100 }),
      deliverPendingMail(db, transport, { limit: 100 }),
    ]);

    expect(a.sent + b.sent).toBe(30);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(received).toHaveLength(30);
    expect(new Set(received.map((m) => m.subject)).size).toBe(30);
    const unsent = (await db.select().from(mailOutbox)).filter((row) => row.sentAt === null);
    expect(unsent).toEqual([]);
  });
});
