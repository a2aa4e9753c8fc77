import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  confirmPhone,
  NO_PHONE_CODE,
  PHONE_CODE_EXPIRED,
  PHONE_CODE_FORMAT,
  PHONE_CODE_LOCKED,
  WRONG_PHONE_CODE,
} from "#core/accounts/confirm-phone.ts";
import { ALREADY_CONFIRMED, hashPhoneCode, requestPhoneCode } from "#core/accounts/request-phone-code.ts";
import { updateContactDetails } from "#core/accounts/update-contact-details.ts";
import { updateProfile } from "#core/accounts/update-profile.ts";
import { collectMemberData } from "#core/accounts/collect-member-data.ts";
import { purgeDeletedMembers } from "#core/accounts/purge-deleted-members.ts";
import { startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import { findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { createHttpSmsProvider } from "#core/sms/http-provider.ts";
import { findSmsOutbox } from "#core/sms/find-sms-outbox.ts";
import { outboxSmsProvider } from "#core/sms/outbox-provider.ts";
import { MOBILE_ONLY } from "#core/sms/phone-number.ts";
import { deliverPendingSms, enqueueSms, MAX_SMS_ATTEMPTS } from "#core/sms/sms-outbox.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { smsOutbox } from "#db/schema/ops.ts";
import { phoneConfirmations } from "#db/schema/phone-confirmations.ts";
import { profiles } from "#db/schema/profiles.ts";
import { createLocalPaymentProvider } from "#core/payments/local-provider.ts";
import { createMember, createSwap } from "../support/factories";
import { controlledClock } from "../support/test-clock";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

// Phone confirmation by a text code (issue 28, decision 095): the code flow, its limits and hashing, the SMS
// outbox and the HTTP provider against a local stand-in, and a phone changed elsewhere losing its confirmation.
const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));
const clock = controlledClock("2026-11-20T01:00:00.000Z");
const deps = { db, clock, sms: outboxSmsProvider };
let ip = 0;
const meta = () => ({ ip: `203.0.113.${++ip % 250}`, userAgent: "vitest", headers: new Headers() });

/** The code in the latest text to a member, read from the outbox as the demo's member reads it. */
async function codeFor(userId: string) {
  const [latest] = await findSmsOutbox(db, { forUserId: userId, limit: 1 });
  return latest?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
}
const profileOf = async (userId: string) =>
  (
    await db
      .select({ phone: profiles.phone, confirmedAt: profiles.phoneConfirmedAt })
      .from(profiles)
      .where(eq(profiles.userId, userId))
  )[0];

describe("the code flow", () => {
  test("a code texted to a mobile confirms it: the profile's phone and phone_confirmed_at in one go, the code used up", async () => {
    const member = await createMember(db, { phone: null });
    const sent = await requestPhoneCode(deps, { userId: member.id, phone: "0412 555 101" }, meta());
    expect(sent.phone).toBe("+61412555101");
    expect(sent.message).toBe("We've sent a 6-digit code to +61 412 555 101. It works for 10 minutes.");

    // The text is in the member's own outbox, sent (the outbox provider), and no one else's.
    const [text] = await findSmsOutbox(db, { forUserId: member.id });
    expect(text).toMatchObject({ to: "+61412555101", template: "phone_code", attempts: 0 });
    expect(text.sentAt).not.toBeNull();
    const other = await createMember(db);
    expect(await findSmsOutbox(db, { forUserId: other.id })).toEqual([]);

    const code = (await codeFor(member.id)) as string;
    expect(
      await confirmPhone(deps, { userId: member.id, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` }, meta()),
    ).toEqual({ phone: "+61412555101" });
    const profile = await profileOf(member.id);
    expect(profile.phone).toBe("+61412555101");
    expect(profile.confirmedAt?.toISOString()).toBe(clock.now().toISOString());
    const events = await db.select().from(securityEvents).where(eq(securityEvents.userId, member.id));
    expect(events.filter((e) => e.eventType === "phone_confirmed")).toHaveLength(1);
    // It works once.
    await expect(confirmPhone(deps, { userId: member.id, code }, meta())).rejects.toMatchObject({
      message: NO_PHONE_CODE,
    });
    // Asking again for the number already confirmed says so and texts nothing.
    await expect(requestPhoneCode(deps, { userId: member.id, phone: "+61 412 555 101" }, meta())).rejects.toMatchObject(
      { status: 409, message: ALREADY_CONFIRMED },
    );
  });

  test("the code is stored as its SHA-256 only, never in clear", async () => {
    const member = await createMember(db, { phone: null });
    await requestPhoneCode(deps, { userId: member.id, phone: "0412 555 102" }, meta());
    const code = (await codeFor(member.id)) as string;
    const [row] = await db.select().from(phoneConfirmations).where(eq(phoneConfirmations.userId, member.id));
    expect(row.codeHash).toBe(hashPhoneCode(code));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  test("landlines and other numbers are refused with a clear message, nothing sent", async () => {
    const member = await createMember(db, { phone: null });
    await expect(requestPhoneCode(deps, { userId: member.id, phone: "02 9876 5432" }, meta())).rejects.toMatchObject({
      status: 400,
      message: MOBILE_ONLY,
      details: { field: "phone" },
    });
    await expect(requestPhoneCode(deps, { userId: member.id, phone: "call me" }, meta())).rejects.toMatchObject({
      status: 400,
    });
    await expect(confirmPhone(deps, { userId: member.id, code: "12345" }, meta())).rejects.toMatchObject({
      status: 400,
      message: PHONE_CODE_FORMAT,
    });
    expect(await findSmsOutbox(db, { forUserId: member.id })).toEqual([]);
  });

  test("a code expires after 10 minutes", async () => {
    const member = await createMember(db, { phone: null });
    await requestPhoneCode(deps, { userId: member.id, phone: "0412 555 103" }, meta());
    const code = (await codeFor(member.id)) as string;
    clock.advance(10 * 60 * 1000);
    await expect(confirmPhone(deps, { userId: member.id, code }, meta())).rejects.toMatchObject({
      message: PHONE_CODE_EXPIRED,
    });
    expect((await profileOf(member.id)).confirmedAt).toBeNull();
    // Gone: the right code a second time meets no code at all.
    await expect(confirmPhone(deps, { userId: member.id, code }, meta())).rejects.toMatchObject({
      message: NO_PHONE_CODE,
    });
  });

  test("five wrong codes kill it: the right one after that confirms nothing", async () => {
    const member = await createMember(db, { phone: null });
    await requestPhoneCode(deps, { userId: member.id, phone: "0412 555 104" }, meta());
    const code = (await codeFor(member.id)) as string;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      await expect(confirmPhone(deps, { userId: member.id, code: wrong }, meta())).rejects.toMatchObject({
        message: WRONG_PHONE_CODE,
      });
      const [row] = await db.select().from(phoneConfirmations).where(eq(phoneConfirmations.userId, member.id));
      expect(row.attempts).toBe(i);
    }
    await expect(confirmPhone(deps, { userId: member.id, code: wrong }, meta())).rejects.toMatchObject({
      status: 429,
      message: PHONE_CODE_LOCKED,
    });
    await expect(confirmPhone(deps, { userId: member.id, code }, meta())).rejects.toMatchObject({
      message: NO_PHONE_CODE,
    });
    expect(await profileOf(member.id)).toEqual({ phone: null, confirmedAt: null });
  });

  test("a new code replaces the last one: one live code per member", async () => {
    const member = await createMember(db, { phone: null });
    await requestPhoneCode(deps, { userId: member.id, phone: "0412 555 105" }, meta());
    const first = (await codeFor(member.id)) as string;
    await requestPhoneCode(deps, { userId: member.id, phone: "0412 555 106" }, meta());
    const second = (await codeFor(member.id)) as string;
    expect(await db.select().from(phoneConfirmations).where(eq(phoneConfirmations.userId, member.id))).toHaveLength(1);
    if (first !== second)
      await expect(confirmPhone(deps, { userId: member.id, code: first }, meta())).rejects.toMatchObject({
        message: WRONG_PHONE_CODE,
      });
    await confirmPhone(deps, { userId: member.id, code: second }, meta());
    expect((await profileOf(member.id)).phone).toBe("+61412555106");
  });
});

describe("limits", () => {
  test("sending: three codes per member per 15 minutes, then 429 with a rate_limited event", async () => {
    const member = await createMember(db, { phone: null });
    for (let i = 0; i < 3; i++) await requestPhoneCode(deps, { userId: member.id, phone: `0412 556 10${i}` }, meta());
    await expect(requestPhoneCode(deps, { userId: member.id, phone: "0412 556 109" }, meta())).rejects.toMatchObject({
      status: 429,
    });
    expect(await findSmsOutbox(db, { forUserId: member.id })).toHaveLength(3);
    const events = await db.select().from(securityEvents).where(eq(securityEvents.userId, member.id));
    expect(events.some((e) => e.eventType === "rate_limited" && e.attemptedAction === "phone_code_request")).toBe(true);
  });

  test("sending: three codes per number per hour, whoever asks", async () => {
    const number = "0412 557 100";
    for (let i = 0; i < 3; i++) {
      const member = await createMember(db, { phone: null });
      await requestPhoneCode(deps, { userId: member.id, phone: number }, meta());
    }
    const fourth = await createMember(db, { phone: null });
    await expect(requestPhoneCode(deps, { userId: fourth.id, phone: "+61 412 557 100" }, meta())).rejects.toMatchObject(
      { status: 429 },
    );
    expect(await findSmsOutbox(db, { forUserId: fourth.id })).toEqual([]);
  });

  test("trying: ten tries per member per 15 minutes across fresh codes", async () => {
    const member = await createMember(db, { phone: null });
    let tries = 0;
    for (let round = 0; round < 3; round++) {
      await requestPhoneCode(deps, { userId: member.id, phone: `0412 558 10${round}` }, meta());
      const code = (await codeFor(member.id)) as string;
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 4 && tries < 10; i++, tries++)
        await expect(confirmPhone(deps, { userId: member.id, code: wrong }, meta())).rejects.toMatchObject({
          status: 400,
        });
    }
    // The 11th try within the window is refused before the code is even looked at.
    const code = (await codeFor(member.id)) as string;
    await expect(confirmPhone(deps, { userId: member.id, code }, meta())).rejects.toMatchObject({ status: 429 });
  });
});

describe("a phone changed elsewhere loses its confirmation", () => {
  async function confirmedMember(phone: string) {
    const member = await createMember(db, { phone: null });
    await requestPhoneCode(deps, { userId: member.id, phone }, meta());
    await confirmPhone(deps, { userId: member.id, code: await codeFor(member.id) }, meta());
    expect((await profileOf(member.id)).confirmedAt).not.toBeNull();
    return member;
  }

  test("the profile form: the same number written another way keeps it; another number clears it", async () => {
    const member = await confirmedMember("0412 559 100");
    const save = (phone: string) =>
      updateProfile({ db, clock }, { userId: member.id, fullName: "Kylie Nguyen", phone, location: "" }, meta());
    await save("0412 559 100");
    expect(await profileOf(member.id)).toMatchObject({ phone: "+61412559100", confirmedAt: expect.any(Date) });
    await save("0412 559 199");
    expect(await profileOf(member.id)).toEqual({ phone: "0412 559 199", confirmedAt: null });
  });

  test("removing the phone, or a new one at the Pay step, clears it too", async () => {
    const member = await confirmedMember("0412 559 200");
    await updateContactDetails(db, { userId: member.id, phone: "", location: "" });
    expect(await profileOf(member.id)).toEqual({ phone: null, confirmedAt: null });

    const payer = await confirmedMember("0412 559 201");
    const { swapId } = await createSwap(db, { status: "accepted", proposerId: payer.id });
    const provider = createLocalPaymentProvider({ appUrl: "http://localhost", secret: "x".repeat(32) });
    await startHandshakePayment(
      { db, clock, provider, appUrl: "http://localhost" },
      { swapId, userId: payer.id, phone: "0412 559 299" },
    ).catch(() => undefined);
    expect(await profileOf(payer.id)).toEqual({ phone: "0412 559 299", confirmedAt: null });
  });

  test("the other party of an accepted swap is told whether the phone is confirmed, never the number", async () => {
    const confirmed = await confirmedMember("0412 559 300");
    const { swapId, proposerId } = await createSwap(db, { status: "accepted", receiverId: confirmed.id });
    const seen = await findSwapForParty(db, { swapId, userId: proposerId });
    expect(seen?.otherParty).toMatchObject({ hasPhone: true, phoneConfirmed: true });
    // The number in any form it is written (three digits alone would turn up in a random id now and then).
    const said = JSON.stringify(seen);
    for (const form of ["412559300", "0412 559 300", "412 559 300", "559 300", "559300"])
      expect(said).not.toContain(form);
    const back = await findSwapForParty(db, { swapId, userId: confirmed.id });
    // The proposer gave no phone: the receiver is told so (only an e-mail address will be shared).
    expect(back?.otherParty).toMatchObject({ hasPhone: false, phoneConfirmed: false });
  });

  test("the data download lists the texts; the purge takes them, the code and the confirmation", async () => {
    const member = await confirmedMember("0412 559 400");
    const data = await collectMemberData(db, { userId: member.id, now: clock.now() });
    expect(data.profile).toMatchObject({ phone: "+61412559400", phoneConfirmedAt: expect.any(Date) });
    expect(data.textMessages).toEqual([expect.objectContaining({ to: "+61412559400" })]);

    await requestPhoneCode(deps, { userId: member.id, phone: "0412 559 401" }, meta());
    const past = new Date(clock.now().getTime() - 1000);
    await db
      .update(profiles)
      .set({ status: "suspended", deletedAt: past, permanentDeletionAt: past })
      .where(eq(profiles.userId, member.id));
    await purgeDeletedMembers({ db, clock });
    expect(await profileOf(member.id)).toEqual({ phone: null, confirmedAt: null });
    expect(await db.select().from(phoneConfirmations).where(eq(phoneConfirmations.userId, member.id))).toEqual([]);
    expect(await findSmsOutbox(db, { forUserId: member.id })).toEqual([]);
  });
});

describe("the HTTP SMS provider against a local stand-in", () => {
  type Received = { auth: string | undefined; body: Record<string, unknown> };
  const received: Received[] = [];
  let answer: { status: number; body: string } = { status: 200, body: "{}" };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw || "{}") });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(answer.body);
    });
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const provider = () => createHttpSmsProvider({ url, token: "sms-token-123456", from: "SwapShed" });
  const rowOf = async (id: string) => (await db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0];
  const queue = async () => {
    const member = await createMember(db, { phone: null });
    // Anything left unsent by earlier tests is out of the way: only this text is delivered below.
    await db.update(smsOutbox).set({ attempts: MAX_SMS_ATTEMPTS }).where(eq(smsOutbox.attempts, 0));
    return enqueueSms(
      db,
      { to: "+61412000111", body: "123456 is your code", template: "phone_code" },
      {
        userId: member.id,
      },
    );
  };

  test("accepted: posted as JSON with the bearer token; sent_at and the provider's id are kept", async () => {
    answer = { status: 201, body: JSON.stringify({ id: "msg_42" }) };
    const { id } = await queue();
    expect(await deliverPendingSms(db, provider())).toEqual({ sent: 1, failed: 0 });
    expect(received.at(-1)).toEqual({
      auth: "Bearer sms-token-123456",
      body: { to: "+61412000111", from: "SwapShed", body: "123456 is your code", reference: id },
    });
    const row = await rowOf(id);
    expect(row.sentAt).not.toBeNull();
    expect(row.providerId).toBe("msg_42");
  });

  test("5xx: tried again after the back-off, then sent", async () => {
    answer = { status: 503, body: "busy" };
    const { id } = await queue();
    expect(await deliverPendingSms(db, provider())).toEqual({ sent: 0, failed: 1 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: "SMS provider failed: 503 busy" });
    expect(row.nextAttemptAt).not.toBeNull();
    // Not before its time: the next run leaves it alone.
    expect(await deliverPendingSms(db, provider())).toEqual({ sent: 0, failed: 0 });
    await db
      .update(smsOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(smsOutbox.id, id));
    answer = { status: 200, body: JSON.stringify({ messageId: 7 }) };
    expect(await deliverPendingSms(db, provider())).toEqual({ sent: 1, failed: 0 });
    row = await rowOf(id);
    expect(row).toMatchObject({ attempts: 1, providerId: "7" });
    expect(row.sentAt).not.toBeNull();
  });

  test("4xx: the refusal is recorded and never retried", async () => {
    answer = { status: 400, body: JSON.stringify({ error: "invalid number" }) };
    const { id } = await queue();
    expect(await deliverPendingSms(db, provider())).toEqual({ sent: 0, failed: 1 });
    const row = await rowOf(id);
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(MAX_SMS_ATTEMPTS);
    expect(row.lastError).toContain("SMS provider refused the message: 400");
    await db.update(smsOutbox).set({ nextAttemptAt: null }).where(eq(smsOutbox.id, id));
    const before = received.length;
    expect(await deliverPendingSms(db, provider())).toEqual({ sent: 0, failed: 0 });
    expect(received.length).toBe(before);
  });

  test("two delivery runs at once hand each text over once", async () => {
    answer = { status: 200, body: JSON.stringify({ id: "msg_once" }) };
    const queued = [await queue()];
    const member = await createMember(db, { phone: null });
    for (let i = 0; i < 3; i++)
      queued.push(
        await enqueueSms(db, { to: "+61412000222", body: `${i}`, template: "phone_code" }, { userId: member.id }),
      );
    const before = received.length;
    const runs = await Promise.all([deliverPendingSms(db, provider()), deliverPendingSms(db, provider())]);
    expect(runs[0].sent + runs[1].sent).toBe(4);
    const references = received.slice(before).map((r) => r.body.reference);
    expect(references.sort()).toEqual(queued.map((q) => q.id).sort());
  });

  test("a code requested through the HTTP provider is handed over after commit", async () => {
    answer = { status: 200, body: JSON.stringify({ id: "msg_code" }) };
    const member = await createMember(db, { phone: null });
    await requestPhoneCode({ db, clock, sms: provider() }, { userId: member.id, phone: "0412 560 100" }, meta());
    const [text] = await findSmsOutbox(db, { forUserId: member.id });
    expect(text.sentAt).not.toBeNull();
    expect(received.at(-1)?.body).toMatchObject({ to: "+61412560100", reference: text.id });
  });
});
