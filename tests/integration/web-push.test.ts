// Web Push (issue 26, decision 085 "Web Push"), against a LOCAL STAND-IN push service (tests/support/push-service.ts)
// that verifies the VAPID JWT's ES256 signature and audience, the aes128gcm encoding and TTL, and DECRYPTS each push
// with the browser keys the test made (RFC 8291): a member subscribes over HTTP as the settings page's script does,
// an offer arrives, the job sends exactly one push with the notice's line and link; in-app off sends none; a 410
// drops the subscription; refusals change nothing; one member cannot stop another's browser; without VAPID keys
// the routes are 404, the page has no control and no notice is marked.
import { and, eq } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, describe, expect, test } from "vitest";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { describeNotice } from "#core/notifications/notification-kinds.ts";
import { pushConfigFromEnv, setPushConfig } from "#core/notifications/push-settings.ts";
import {
  BAD_ENDPOINT,
  BAD_KEYS,
  MAX_PUSH_SUBSCRIPTIONS,
  TOO_MANY_BROWSERS,
} from "#core/notifications/save-push-subscription.ts";
import { saveNoticePreferences } from "#core/notifications/save-notice-preferences.ts";
import { PUSH_TTL_SECONDS, sendPushes } from "#core/notifications/send-pushes.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { notifications, pushSubscriptions } from "#db/schema/notifications.ts";
import { parseEnv } from "#server/env.ts";
import { createSiteApp } from "../security/site";
import { loadPageRoutes } from "../security/world";
import { sameOrigin, signUpConfirmedMember } from "../support/api-factories";
import { createListing, createMember } from "../support/factories";
import { startPushService } from "../support/push-service";
import { controlledClock, HOUR } from "../support/test-clock";
import { TEST_ORIGIN } from "../support/test-app";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
const vapid = webpush.generateVAPIDKeys();
const service = await startPushService({ vapidPublicKey: vapid.publicKey });
const routes = await loadPageRoutes();
const PUSH_ENV = {
  NODE_ENV: "test",
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: "mailto:push@swapshed.example",
  PUSH_ALLOW_INSECURE_ENDPOINTS: "true",
};
const site = await createSiteApp(handle, routes, { env: PUSH_ENV });
const push = pushConfigFromEnv(site.env)!;
const clock = controlledClock(new Date());
afterAll(async () => {
  await service.close();
  await closeTestDatabase(handle);
});

const post = (path: string, body: unknown) =>
  site.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...sameOrigin() },
    body: JSON.stringify(body),
  });

type Sent = { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };

/** The settings page's script: POST (subscribe) or DELETE (stop) the browser's subscription as a form. */
function call(app: typeof site.app, method: string, cookie: string, body: Sent, headers: Record<string, string> = {}) {
  const fields = new URLSearchParams();
  if (body.endpoint !== undefined) fields.set("endpoint", String(body.endpoint));
  if (body.keys?.p256dh !== undefined) fields.set("p256dh", String(body.keys.p256dh));
  if (body.keys?.auth !== undefined) fields.set("auth", String(body.keys.auth));
  return app.request("/account/push-subscription", {
    method,
    headers: { "content-type": "application/x-www-form-urlencoded", ...sameOrigin(cookie), ...headers },
    body: fields,
  });
}

async function member() {
  return signUpConfirmedMember({ post }, db, {});
}

const subscriptionsOf = (userId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** Someone offers on `ownerId`'s listing; the event becomes its notice. Returns the owner's notice. */
async function offerTo(ownerId: string) {
  const proposer = await createMember(db, { name: "Pat Proposer" });
  const target = await createListing(db, ownerId, { title: "Stihl chainsaw" });
  const offered = await createListing(db, proposer.id, { title: "Ryobi mower" });
  await proposeSwap(
    { db, clock, env: { APP_URL: TEST_ORIGIN } },
    { proposerId: proposer.id, targetListingId: target, offeredListingId: offered },
  );
  await dispatchEvents({ db, appUrl: TEST_ORIGIN });
  const [notice] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, ownerId), eq(notifications.kind, "proposal.received")));
  return notice;
}

const pushesTo = (subscriptionId: string) => service.received.filter((r) => r.subscriptionId === subscriptionId);

describe("Web Push with VAPID keys configured", () => {
  test("a subscribed member who receives an offer gets exactly one push: the notice's line and link, decrypted", async () => {
    const owner = await member();
    const browser = service.subscribe();
    const res = await call(site.app, "POST", owner.cookie, { endpoint: browser.endpoint, keys: browser.keys });
    expect(res.status).toBe(201);
    expect(await subscriptionsOf(owner.userId)).toHaveLength(1);

    const notice = await offerTo(owner.userId);
    expect(notice.pushPending).toBe(true);
    const sent = await sendPushes({ db, clock, push });
    expect(sent.pushed).toBe(1);

    const [received, ...more] = pushesTo(browser.id);
    expect(more).toHaveLength(0);
    expect(received.problems).toEqual([]);
    expect(received.status).toBe(201);
    expect(received.ttl).toBe(PUSH_TTL_SECONDS);
    expect(received.jwt).toMatchObject({ aud: service.origin, sub: "mailto:push@swapshed.example" });
    const line = describeNotice(notice.kind, notice.payload)!.text;
    expect(line).toContain("Pat Proposer offered their");
    expect(received.payload).toEqual({ title: line, body: "SwapShed", url: `/notifications/${notice.id}` });

    const [after] = await db.select().from(notifications).where(eq(notifications.id, notice.id));
    expect(after.pushPending).toBe(false);
    const [sub] = await subscriptionsOf(owner.userId);
    expect(sub.lastSuccessAt).not.toBeNull();
    expect(sub.failures).toBe(0);

    // Once: another run (another process) finds nothing to send.
    expect(await sendPushes({ db, clock, push })).toMatchObject({ pushed: 0, cleared: 0 });
    expect(pushesTo(browser.id)).toHaveLength(1);
  });

  test("two jobs at once push a notice once", async () => {
    const owner = await member();
    const browser = service.subscribe();
    expect((await call(site.app, "POST", owner.cookie, { ...browser })).status).toBe(201);
    await offerTo(owner.userId);
    const results = await Promise.all([sendPushes({ db, clock, push }), sendPushes({ db, clock, push })]);
    expect(results[0].pushed + results[1].pushed).toBe(1);
    expect(pushesTo(browser.id)).toHaveLength(1);
  });

  test("with the kind off in SwapShed (the bell) there is no notice, so no push", async () => {
    const owner = await member();
    const browser = service.subscribe();
    expect((await call(site.app, "POST", owner.cookie, { ...browser })).status).toBe(201);
    await saveNoticePreferences(
      { db },
      { userId: owner.userId, choices: [{ kind: "proposal.received", inApp: false, email: "immediately" }] },
    );
    expect(await offerTo(owner.userId)).toBeUndefined();
    await sendPushes({ db, clock, push });
    expect(pushesTo(browser.id)).toHaveLength(0);
  });

  test("a member without a browser subscribed has no notice marked for push", async () => {
    const owner = await member();
    const notice = await offerTo(owner.userId);
    expect(notice.pushPending).toBe(false);
  });

  test("410 from the service deletes the subscription; another error counts a failure", async () => {
    const owner = await member();
    const gone = service.subscribe();
    const flaky = service.subscribe();
    expect((await call(site.app, "POST", owner.cookie, { ...gone })).status).toBe(201);
    expect((await call(site.app, "POST", owner.cookie, { ...flaky })).status).toBe(201);
    service.answer(gone.id, 410);
    service.answer(flaky.id, 503);
    await offerTo(owner.userId);
    expect(await sendPushes({ db, clock, push })).toMatchObject({ pushed: 0, gone: 1, failed: 1 });
    const left = await subscriptionsOf(owner.userId);
    expect(left.map((s) => s.endpoint)).toEqual([flaky.endpoint]);
    expect(left[0].failures).toBe(1);
  });

  test("a notice more than a day old is cleared, never pushed; a notice read meanwhile is not pushed", async () => {
    const owner = await member();
    const browser = service.subscribe();
    expect((await call(site.app, "POST", owner.cookie, { ...browser })).status).toBe(201);
    const notice = await offerTo(owner.userId);
    const later = controlledClock(new Date(Date.now() + 25 * HOUR));
    expect(await sendPushes({ db, clock: later, push })).toMatchObject({ pushed: 0 });
    const [after] = await db.select().from(notifications).where(eq(notifications.id, notice.id));
    expect(after.pushPending).toBe(false);

    await db
      .update(notifications)
      .set({ pushPending: true, readAt: new Date() })
      .where(eq(notifications.id, notice.id));
    expect(await sendPushes({ db, clock, push })).toMatchObject({ pushed: 0 });
    expect(pushesTo(browser.id)).toHaveLength(0);
  });

  test("refusals say why and change nothing", async () => {
    const owner = await member();
    const good = service.subscribe();
    const refusals: [Sent, number, string][] = [
      [{ ...good, endpoint: "http://push.example.com/x" }, 400, BAD_ENDPOINT],
      [{ ...good, endpoint: "ftp://127.0.0.1/x" }, 400, BAD_ENDPOINT],
      [{ ...good, endpoint: "not a url" }, 400, BAD_ENDPOINT],
      [{ ...good, endpoint: `https://push.example.com/${"a".repeat(2048)}` }, 400, BAD_ENDPOINT],
      [{ ...good, endpoint: 42 }, 400, BAD_ENDPOINT],
      [{ endpoint: good.endpoint }, 400, BAD_KEYS],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, 400, BAD_KEYS],
      [{ ...good, keys: { ...good.keys, auth: "c2hvcnQ" } }, 400, BAD_KEYS],
      [{ ...good, keys: { ...good.keys, auth: "not base64url!" } }, 400, BAD_KEYS],
    ];
    for (const [body, status, message] of refusals) {
      const res = await call(site.app, "POST", owner.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(await res.json()).toEqual({ error: message });
    }
    expect((await call(site.app, "POST", owner.cookie, {})).status).toBe(400);
    expect(await subscriptionsOf(owner.userId)).toHaveLength(0);

    // At most MAX_PUSH_SUBSCRIPTIONS browsers; re-posting one already kept is fine.
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, () => service.subscribe());
    for (const b of browsers) expect((await call(site.app, "POST", owner.cookie, { ...b })).status).toBe(201);
    const over = await call(site.app, "POST", owner.cookie, { ...service.subscribe() });
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ error: TOO_MANY_BROWSERS });
    expect((await call(site.app, "POST", owner.cookie, { ...browsers[0] })).status).toBe(201);
    expect(await subscriptionsOf(owner.userId)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  test("signed out: 401 with where to sign in; cross-site: refused; nothing kept", async () => {
    const browser = service.subscribe();
    const signedOut = await call(site.app, "POST", "", { ...browser });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ redirectTo: expect.stringContaining("/auth") });
    const owner = await member();
    const crossSite = await call(site.app, "POST", owner.cookie, { ...browser }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(rows).toHaveLength(0);
  });

  test("a member cannot stop another member's browser (IDOR); their own, yes; the same browser re-subscribed moves", async () => {
    const alice = await member();
    const bob = await member();
    const browser = service.subscribe();
    expect((await call(site.app, "POST", alice.cookie, { ...browser })).status).toBe(201);

    const theft = await call(site.app, "DELETE", bob.cookie, { endpoint: browser.endpoint });
    expect(theft.status).toBe(404);
    expect(await subscriptionsOf(alice.userId)).toHaveLength(1);

    const own = await call(site.app, "DELETE", alice.cookie, { endpoint: browser.endpoint });
    expect(own.status).toBe(200);
    expect(await subscriptionsOf(alice.userId)).toHaveLength(0);

    // One browser, one member at a time: Bob signs in on Alice's old browser and turns notifications on.
    const shared = service.subscribe();
    expect((await call(site.app, "POST", alice.cookie, { ...shared })).status).toBe(201);
    expect((await call(site.app, "POST", bob.cookie, { ...shared })).status).toBe(201);
    expect(await subscriptionsOf(alice.userId)).toHaveLength(0);
    expect((await subscriptionsOf(bob.userId)).map((s) => s.endpoint)).toEqual([shared.endpoint]);
  });

  test("the settings page offers the control with the public key; the endpoint has no page", async () => {
    const owner = await member();
    const page = await site.app.request("/account/notifications", { headers: sameOrigin(owner.cookie) });
    expect(page.status).toBe(200);
    const got = await site.app.request("/account/push-subscription", { headers: sameOrigin(owner.cookie) });
    expect(got.status).toBe(404);
    // The page's loader data (React Router's single fetch): the public key the section subscribes with.
    expect(await settingsData(site, owner.cookie)).toContain(vapid.publicKey);
  });
});

/** The notification settings page's loader data, as the browser fetches it on a client navigation. */
async function settingsData(app: typeof site, cookie: string) {
  const res = await app.app.request("/account/notifications.data", { headers: sameOrigin(cookie) });
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toContain("pushPublicKey");
  return text;
}

describe("Web Push without VAPID keys: off and invisible", () => {
  test("the routes answer 404, the page has no control and no notice is marked for push", async () => {
    const plain = await createSiteApp(handle, routes, { env: { NODE_ENV: "test" } });
    try {
      const owner = await member();
      const browser = service.subscribe();
      for (const method of ["POST", "DELETE"]) {
        const res = await call(plain.app, method, owner.cookie, { ...browser });
        expect(res.status, method).toBe(404);
      }
      expect((await plain.app.request("/account/push-subscription")).status).toBe(404);
      expect(await settingsData(plain, owner.cookie)).not.toContain(vapid.publicKey);
      // A subscription left from when push was configured: the notice is still not marked.
      await db.insert(pushSubscriptions).values({ userId: owner.userId, ...browser.keys, endpoint: browser.endpoint });
      const notice = await offerTo(owner.userId);
      expect(notice.pushPending).toBe(false);
    } finally {
      setPushConfig(push);
    }
  });

  test("the VAPID variables are all three or none; the insecure-endpoint setting is for tests only", () => {
    const base = { DATABASE_URL: "memory://", BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(() => parseEnv({ ...base, VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: required with the other VAPID variables[\s\S]*VAPID_SUBJECT: required/,
    );
    expect(() => parseEnv({ ...base, ...PUSH_ENV, VAPID_SUBJECT: "push@swapshed.example" })).toThrow(
      /VAPID_SUBJECT must be a mailto: address or an https: URL/,
    );
    expect(() => parseEnv({ ...base, ...PUSH_ENV, VAPID_PUBLIC_KEY: "short" })).toThrow(/VAPID_PUBLIC_KEY must be/);
    expect(() => parseEnv({ ...base, ...PUSH_ENV, NODE_ENV: "production" })).toThrow(
      /PUSH_ALLOW_INSECURE_ENDPOINTS: for the test suite only/,
    );
    const { PUSH_ALLOW_INSECURE_ENDPOINTS: _, ...real } = PUSH_ENV;
    expect(pushConfigFromEnv(parseEnv({ ...base, ...real, NODE_ENV: "production" }))).toMatchObject({
      allowInsecureEndpoints: false,
    });
    expect(pushConfigFromEnv(parseEnv(base))).toBeNull();
  });
});
