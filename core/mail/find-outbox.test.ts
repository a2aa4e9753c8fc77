import { afterAll, describe, expect, test } from "vitest";
import { mailOutbox } from "#db/schema/ops.ts";
import { createTestDatabase } from "#tests/support/test-db.ts";
import { isOutboxPageEnabled, findOutbox } from "./find-outbox";
import { deliverPendingMail, enqueueMail } from "./mailer";
import { outboxTransport } from "./outbox-transport";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());

describe("findOutbox", () => {
  test("the outbox page lists the newest mail first, with its delivery state", async () => {
    await db.delete(mailOutbox);
    for (const n of [1, 2, 3]) {
      await enqueueMail(db, {
        to: `m${n}@example.com`,
        subject: `Mail ${n}`,
        text: `Body ${n}`,
        html: "",
        template: "test_mail",
      });
    }
    await deliverPendingMail(db, outboxTransport, { limit: 1 });

    const mails = await findOutbox(db, { limit: 2 });
    expect(mails.map((m) => m.subject)).toEqual(["Mail 3", "Mail 2"]);
    expect(mails[0]).toMatchObject({
      to: "m3@example.com",
      template: "test_mail",
      textBody: "Body 3",
      sentAt: null,
      attempts: 0,
    });
    const all = await findOutbox(db);
    expect(all).toHaveLength(3);
    expect(all[2].sentAt).toBeInstanceOf(Date);
  });
});

describe("isOutboxPageEnabled", () => {
  test("the outbox page is open in development and on the embedded database", () => {
    expect(isOutboxPageEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(isOutboxPageEnabled({ NODE_ENV: "development", DATABASE_URL: "postgres://db/swapshed" })).toBe(true);
    expect(isOutboxPageEnabled({ NODE_ENV: "test", DATABASE_URL: "postgres://db/swapshed" })).toBe(true);
    expect(isOutboxPageEnabled({ NODE_ENV: "production" })).toBe(true);
  });

  test("the outbox page is closed in production on a configured database", () => {
    expect(isOutboxPageEnabled({ NODE_ENV: "production", DATABASE_URL: "postgres://db/swapshed" })).toBe(false);
  });

  test("a real deployment on the embedded database closes it with ALLOW_SEED=false", () => {
    expect(isOutboxPageEnabled({ NODE_ENV: "production", ALLOW_SEED: false })).toBe(false);
  });
});
