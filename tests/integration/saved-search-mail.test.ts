// The "done when" (issue 27, decision 091): a member saves a search for a word and a place, another member
// lists a matching item, and the first member's bell gets exactly one notice with a link to it and their mailbox
// one e-mail, delivered over REAL SMTP to a local server, through the same background steps the app runs.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, expect, test } from "vitest";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { deliverPendingMail } from "#core/mail/mailer.ts";
import { createSmtpTransport } from "#core/mail/smtp-transport.ts";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { saveSearch } from "#core/saved-searches/save-search.ts";
import { notifications } from "#db/schema/notifications.ts";
import { listItemAs, longStandingMember } from "../support/saved-search-fixtures";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
// The app first: it sets the secret the mails' unsubscribe links are signed with, as at boot.
createTestApp(handle);

const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
const transport = createSmtpTransport({
  url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
  from: "SwapShed <hello@swapshed.example>",
});
afterAll(async () => {
  transport.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await closeTestDatabase(handle);
});

test("a saved search for a word and a place: another member lists a match, one notice with a link and one e-mail", async () => {
  const searcher = await longStandingMember(db, "Sally Searcher");
  const lister = await longStandingMember(db, "Larry Lister");
  await saveSearch(db, { userId: searcher.id, fields: { q: "kayak", location: "Bondi NSW 2026", radius: "10" } });

  const listingId = await listItemAs(db, lister.id, {
    title: "Two-person kayak",
    category: "boats_marine",
    location: "Bondi NSW 2026",
  });
  // What the app's background run does every 15 seconds (and the page's own dispatch after its commit).
  await dispatchEvents({ db, appUrl: TEST_ORIGIN });
  await dispatchEvents({ db, appUrl: TEST_ORIGIN });
  await deliverPendingMail(db, transport);

  const bell = await findNotifications(db, { userId: searcher.id });
  const notices = bell.page;
  expect(notices).toHaveLength(1);
  expect(await db.select().from(notifications).where(eq(notifications.userId, searcher.id))).toHaveLength(1);
  expect(JSON.stringify(notices)).toContain(`/listings/${listingId}`);
  expect(JSON.stringify(notices)).toContain("Two-person kayak");

  const mails = received.filter((m) => m.to.includes(searcher.email));
  expect(mails).toHaveLength(1);
  const raw = mails[0].raw.replace(/=\r?\n/g, "");
  expect(raw).toMatch(/^Subject: /m);
  expect(raw).toContain("Two-person kayak");
  expect(raw).toContain(`${TEST_ORIGIN}/listings/${listingId}`);
  // The lister hears nothing of it.
  expect(received.filter((m) => m.to.includes(lister.email))).toEqual([]);

  // Dispatching and delivering again tells nobody twice.
  await dispatchEvents({ db, appUrl: TEST_ORIGIN });
  await deliverPendingMail(db, transport);
  expect(received.filter((m) => m.to.includes(searcher.email))).toHaveLength(1);
});
