// Notification preferences, the digest and the one-click unsubscribe with REAL mail over SMTP (issue 26, decision
// 085): an immediate notice mail and a digest reach a local SMTP server with List-Unsubscribe and
// List-Unsubscribe-Post (RFC 8058); POSTing the link without a session turns off that kind's e-mail only; "off"
// sends nothing, in-app off writes no notice, a read notice is never in a digest.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { sendMessage } from "#core/conversations/send-message.ts";
import { askAboutListing } from "#core/conversations/start-conversation.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { deliverPendingMail } from "#core/mail/mailer.ts";
import { createSmtpTransport } from "#core/mail/smtp-transport.ts";
import { markNotificationRead } from "#core/notifications/mark-notification-read.ts";
import { memberPreferences, nextDailyDigest } from "#core/notifications/notice-preferences.ts";
import {
  digestNeedsInApp,
  saveNoticePreferences,
  UNKNOWN_KIND,
  UNKNOWN_MODE,
} from "#core/notifications/save-notice-preferences.ts";
import { DIGEST_MAX_NOTICES, sendNoticeDigests } from "#core/notifications/send-notice-digests.ts";
import { BAD_UNSUBSCRIBE_LINK, readUnsubscribeLink } from "#core/notifications/unsubscribe-notices.ts";
import { signUnsubscribeToken } from "#core/notifications/unsubscribe-token.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { notificationPreferences, notifications } from "#db/schema/notifications.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { createListing, createMember } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { controlledClock, HOUR } from "../support/test-clock";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
// The app first: it sets the secret the links are signed with (BETTER_AUTH_SECRET), as at boot.
const { app } = createTestApp(handle);
const clock = controlledClock(new Date());
const deps = { db, clock, env: { APP_URL: TEST_ORIGIN } };

type Received = { to: string[]; raw: string };
const received: Received[] = [];
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
beforeEach(() => {
  received.length = 0;
});

/** Dispatches pending events, then sends the outbox over SMTP. */
async function deliver() {
  await dispatchEvents({ db, appUrl: TEST_ORIGIN });
  await deliverPendingMail(db, transport);
}

/** A received mail's headers, unfolded, by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const map = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) map.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return map;
}

/** The mail one address received (exactly one). */
function onlyMailTo(address: string) {
  const mails = received.filter((m) => m.to.includes(address));
  expect(mails).toHaveLength(1);
  return { ...mails[0], headers: headersOf(mails[0].raw) };
}

async function members() {
  const owner = await createMember(db, { name: "Olive Owner" });
  const asker = await createMember(db, { name: "Arlo Asker" });
  const target = await createListing(db, owner.id, { title: "Stihl chainsaw" });
  const offered = await createListing(db, asker.id, { title: "Ryobi mower" });
  return { owner, asker, target, offered };
}

const oneClick = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

describe("one-click unsubscribe over real SMTP", () => {
  test("an immediate notice mail carries List-Unsubscribe; posting it without a session stops that kind only", async () => {
    const { owner, asker, target, offered } = await members();
    await proposeSwap(deps, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });
    await deliver();

    const mail = onlyMailTo(owner.email);
    expect(mail.headers.get("subject")).toContain("New swap offer");
    const listUnsubscribe = mail.headers.get("list-unsubscribe") ?? "";
    expect(listUnsubscribe).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+>$/);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const url = listUnsubscribe.slice(1, -1);
    // The visible link in the body is the same one (quoted-printable may wrap it: compare without soft breaks).
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain(url.slice(-20));

    const before = await memberPreferences(db, owner.id);
    // A mail client's POST: no cookie, no form token, from elsewhere.
    const answer = await oneClick(new URL(url).pathname, {
      "sec-fetch-site": "cross-site",
      origin: "https://mail.example",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(await answer.text()).toContain("offers you receive");
    const after = await memberPreferences(db, owner.id);
    for (const p of after) {
      const was = before.find((b) => b.kind === p.kind)!;
      if (p.kind === "proposal.received") expect(p).toMatchObject({ inApp: true, email: "off" });
      else expect(p).toEqual(was);
    }
    // Again: still off, still nothing else.
    expect((await oneClick(new URL(url).pathname)).status).toBe(200);
    expect(await memberPreferences(db, owner.id)).toEqual(after);

    // The next offer to Olive: a notice in the bell, no mail.
    received.length = 0;
    const other = await createMember(db, { name: "Bea Other" });
    const bike = await createListing(db, other.id, { title: "Road bike" });
    await proposeSwap(deps, { proposerId: other.id, targetListingId: target, offeredListingId: bike });
    await deliver();
    expect(received.filter((m) => m.to.includes(owner.email)).map((m) => headersOf(m.raw).get("subject"))).toEqual([]);
    const notices = await db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notices.filter((n) => n.kind === "proposal.received")).toHaveLength(2);
  });

  test("the digest: one mail listing the unread messages an hour on, with its own one-click unsubscribe", async () => {
    const { owner, asker, target } = await members();
    const { id: conversationId } = await askAboutListing({ db, clock }, { listingId: target, askerId: asker.id });
    const mask = (text: string) => ({ text, masked: [] });
    await sendMessage({ ...deps, mask }, { conversationId, senderId: asker.id, body: "Is it still available?" });
    await sendMessage({ ...deps, mask }, { conversationId, senderId: asker.id, body: "Could pick up Saturday." });
    await deliver();
    // Messages are a digest by default: no mail at once.
    expect(received.filter((m) => m.to.includes(owner.email))).toHaveLength(0);
    const due = await db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(due).toHaveLength(2);
    for (const n of due) expect(n.digestDueAt!.getTime() - n.createdAt.getTime()).toBeGreaterThanOrEqual(HOUR - 1000);

    // Not yet due: nothing.
    expect(await sendNoticeDigests({ db, clock, appUrl: TEST_ORIGIN })).toEqual({ digests: 0, notices: 0 });
    clock.advance(HOUR + 60_000);
    // Two processes at once: one digest.
    const runs = await Promise.all([
      sendNoticeDigests({ db, clock, appUrl: TEST_ORIGIN }),
      sendNoticeDigests({ db, clock, appUrl: TEST_ORIGIN }),
    ]);
    expect(runs.reduce((n, r) => n + r.digests, 0)).toBe(1);
    await deliverPendingMail(db, transport);
    const mail = onlyMailTo(owner.email);
    expect(mail.headers.get("subject")).toBe("Your SwapShed digest: 2 new notifications");
    expect(mail.raw).toContain("Arlo Asker sent you a message about");
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const url = (mail.headers.get("list-unsubscribe") ?? "").slice(1, -1);
    expect(url).toMatch(/^http:\/\/localhost:3000\/unsubscribe\//);
    // Marked mailed in the same transaction as the outbox row: a later run sends nothing again.
    expect(await sendNoticeDigests({ db, clock, appUrl: TEST_ORIGIN })).toEqual({ digests: 0, notices: 0 });
    const mailed = await db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(mailed.every((n) => n.mailedAt !== null)).toBe(true);

    // The digest's link stops the digest (every kind the member had as a digest), nothing else.
    expect((await oneClick(new URL(url).pathname)).status).toBe(200);
    const after = await memberPreferences(db, owner.id);
    expect(after.filter((p) => p.email === "digest")).toEqual([]);
    expect(after.find((p) => p.kind === "message.received")).toMatchObject({ inApp: true, email: "off" });
    expect(after.find((p) => p.kind === "proposal.received")).toMatchObject({ inApp: true, email: "immediately" });
  });

  test("a forged or damaged link is refused with a clear message and changes nothing", async () => {
    const { owner } = await members();
    const token = signUnsubscribeToken(owner.id, "proposal.received");
    const forged = `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`;
    for (const bad of [forged, "nonsense", `${token}x`]) {
      const answer = await oneClick(`/unsubscribe/${bad}`);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toBe(BAD_UNSUBSCRIBE_LINK);
      expect(await readUnsubscribeLink({ db }, bad)).toBeNull();
    }
    // Another member's id in a token signed with another secret: refused too.
    const body = Buffer.from(JSON.stringify([1, owner.id, "proposal.received"])).toString("base64url");
    expect((await oneClick(`/unsubscribe/${body}.${"A".repeat(43)}`)).status).toBe(400);
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, owner.id))).toEqual(
      [],
    );
    // Reading a good link (what the GET page does) changes nothing either.
    expect(await readUnsubscribeLink({ db }, token)).toEqual({ what: "offers you receive", stopped: false });
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, owner.id))).toEqual(
      [],
    );
  });
});

describe("the one-click endpoint under property-based bad input", () => {
  test("any token, any body, any content type: a 400 (with the message when the body is a form) or a 404, never a 5xx, nothing changed", async () => {
    const count = async () => (await db.select().from(notificationPreferences)).length;
    const before = await count();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.base64String({ maxLength: 200 }).map((b) => `${b}.${b}`),
        ),
        fc.oneof(fc.string({ maxLength: 200 }), fc.constant("List-Unsubscribe=One-Click")),
        fc.constantFrom("application/x-www-form-urlencoded", "application/json", "text/plain", "multipart/form-data"),
        async (token, body, type) => {
          const answer = await app.request(`/unsubscribe/${encodeURIComponent(token)}`, {
            method: "POST",
            headers: { "content-type": type },
            body,
          });
          expect(answer.status).toBeLessThan(500);
          // A body the app cannot read at all is refused before the route (400 "the form could not be read").
          if (answer.status === 400 && type === "application/x-www-form-urlencoded")
            expect(await answer.text()).toBe(BAD_UNSUBSCRIBE_LINK);
        },
      ),
      { numRuns: 60 },
    );
    expect(await count()).toBe(before);
  });
});

describe("preferences where notices and mails are made", () => {
  test("in-app off: no notice row, but the e-mail still goes when it is 'immediately'", async () => {
    const { owner, asker, target, offered } = await members();
    await saveNoticePreferences(deps, {
      userId: owner.id,
      choices: [{ kind: "proposal.received", inApp: false, email: "immediately" }],
    });
    await proposeSwap(deps, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });
    await deliver();
    expect(await db.select().from(notifications).where(eq(notifications.userId, owner.id))).toEqual([]);
    expect(onlyMailTo(owner.email).headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  test("messages 'immediately': the plain notice mail at once, with its unsubscribe; 'off': nothing ever", async () => {
    const { owner, asker, target } = await members();
    await saveNoticePreferences(deps, {
      userId: owner.id,
      choices: [{ kind: "message.received", inApp: true, email: "immediately" }],
    });
    await saveNoticePreferences(deps, {
      userId: asker.id,
      choices: [{ kind: "message.received", inApp: true, email: "off" }],
    });
    const { id: conversationId } = await askAboutListing({ db, clock }, { listingId: target, askerId: asker.id });
    const mask = (text: string) => ({ text, masked: [] });
    await sendMessage({ ...deps, mask }, { conversationId, senderId: asker.id, body: "Still available?" });
    await sendMessage({ ...deps, mask }, { conversationId, senderId: owner.id, body: "Yes it is" });
    await deliver();
    const mail = onlyMailTo(owner.email);
    expect(mail.raw).toContain("Subject: =?UTF-8?Q?Arlo_Asker_sent_you_a_message_about");
    expect(mail.headers.get("list-unsubscribe")).toMatch(/\/unsubscribe\//);
    expect(received.filter((m) => m.to.includes(asker.email))).toHaveLength(0);
    // Neither notice waits for a digest.
    const rows = await db.select().from(notifications).where(eq(notifications.kind, "message.received"));
    expect(rows.filter((r) => [owner.id, asker.id].includes(r.userId)).every((r) => r.digestDueAt === null)).toBe(true);
    clock.advance(2 * HOUR);
    await sendNoticeDigests({ db, clock, appUrl: TEST_ORIGIN });
    await deliverPendingMail(db, transport);
    expect(received.filter((m) => m.to.includes(asker.email))).toHaveLength(0);
  });

  test("a notice read before its digest time is never mailed; a daily digest kind waits for 07:00 Sydney", async () => {
    const { owner, asker, target, offered } = await members();
    await saveNoticePreferences(deps, {
      userId: owner.id,
      choices: [{ kind: "proposal.received", inApp: true, email: "digest" }],
    });
    await proposeSwap(deps, { proposerId: asker.id, targetListingId: target, offeredListingId: offered });
    await deliver();
    expect(received.filter((m) => m.to.includes(owner.email))).toHaveLength(0);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notice.digestDueAt).toEqual(nextDailyDigest(notice.createdAt));
    await markNotificationRead(deps, { userId: owner.id, notificationId: notice.id });
    clock.set(new Date(notice.digestDueAt!.getTime() + 60_000));
    await sendNoticeDigests({ db, clock, appUrl: TEST_ORIGIN });
    await deliverPendingMail(db, transport);
    expect(received.filter((m) => m.to.includes(owner.email))).toHaveLength(0);
    const outbox = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, owner.email));
    expect(outbox).toEqual([]);
    clock.set(new Date());
  });

  test("a digest of more notices than it lists says how many more, and no notice is lost from the count", async () => {
    const { owner } = await members();
    const at = clock.now();
    await db.insert(notifications).values(
      Array.from({ length: DIGEST_MAX_NOTICES + 3 }, (_, i) => ({
        userId: owner.id,
        kind: "message.received",
        payload: { conversationId: crypto.randomUUID(), otherName: `Member ${i + 1}`, listingTitle: "Kayak" },
        createdAt: new Date(at.getTime() - (DIGEST_MAX_NOTICES + 3 - i) * 60_000),
        digestDueAt: at,
      })),
    );
    clock.advance(60_000);
    expect(await sendNoticeDigests({ db, clock, appUrl: TEST_ORIGIN })).toEqual({
      digests: 1,
      notices: DIGEST_MAX_NOTICES + 3,
    });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, owner.email));
    expect(mail.subject).toBe(`Your SwapShed digest: ${DIGEST_MAX_NOTICES + 3} new notifications`);
    expect(mail.textBody).toContain("And 3 more: all of them are in your notifications.");
    // The newest are listed, the oldest three are only counted.
    expect(mail.textBody).toContain(`Member ${DIGEST_MAX_NOTICES + 3} sent you a message`);
    expect(mail.textBody).not.toContain("Member 3 sent you a message");
    clock.set(new Date());
  });
});

describe("saving preferences", () => {
  test("only differences from the defaults are stored, in one go", async () => {
    const { owner } = await members();
    const saved = await saveNoticePreferences(deps, {
      userId: owner.id,
      choices: [
        { kind: "proposal.received", inApp: true, email: "immediately" },
        { kind: "review.received", inApp: false, email: "off" },
      ],
    });
    expect(saved).toEqual({ changed: 1 });
    const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, owner.id));
    expect(rows.map((r) => [r.kind, r.inApp, r.email])).toEqual([["review.received", false, "off"]]);
    // Back to the default: the row goes.
    await saveNoticePreferences(deps, {
      userId: owner.id,
      choices: [{ kind: "review.received", inApp: true, email: "digest" }],
    });
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, owner.id))).toEqual(
      [],
    );
  });

  test("an unknown kind or mode, or a digest without the bell, is refused and nothing changes", async () => {
    const { owner } = await members();
    const good = { kind: "proposal.received", inApp: true, email: "off" };
    for (const [bad, message] of [
      [{ kind: "nope", inApp: true, email: "off" }, UNKNOWN_KIND],
      [{ kind: "__proto__", inApp: true, email: "off" }, UNKNOWN_KIND],
      [{ kind: "review.received", inApp: true, email: "weekly" }, UNKNOWN_MODE],
      [{ kind: "review.received", inApp: false, email: "digest" }, digestNeedsInApp("Reviews of you")],
    ] as const) {
      expect(await refusal(saveNoticePreferences(deps, { userId: owner.id, choices: [good, bad] }))).toEqual({
        code: "VALIDATION",
        message,
      });
    }
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, owner.id))).toEqual(
      [],
    );
  });
});
