// The people and things the route matrix and the IDOR sweep act on: the whole site in-process (site.ts) over a
// test database, real actors (members signed up through the API, staff given a role and, where the column says
// so, TOTP enrolled through Better Auth) and small factories for the objects a request names by id.
import webpush from "web-push";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { DbHandle } from "#db/client.ts";
import { readFlash } from "#app/lib/flash.server.ts";
import { startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import type { LocalPaymentProvider } from "#core/payments/local-provider.ts";
import { systemClock } from "#core/shared/clock.ts";
import { grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { accounts, passkeys, sessions } from "#db/schema/auth.ts";
import { creditLedger, paymentLogs } from "#db/schema/payments.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { profiles, userRoles } from "#db/schema/profiles.ts";
import type { SwapStatus, swapProposals } from "#db/schema/swaps.ts";
import { paymentProviderFromEnv } from "#server/payments.ts";
import { createListing, createMember, createSwap } from "../support/factories";
import { postListing, sameOrigin, signUpConfirmedMember } from "../support/api-factories";
import { makeJpeg } from "../support/images";
import { TEST_ORIGIN } from "../support/test-app";
import { turnOnTwoFactor } from "../support/two-factor";
import { createSiteApp, type PageRoute, readPageRoutes } from "./site";

/** The columns of the matrix: who is asking. */
export const ACTORS = [
  "visitor",
  "member",
  "otherMember",
  "suspended",
  "moderatorNoTotp",
  "moderator",
  "adminNoTotp",
  "admin",
] as const;
export type ActorName = (typeof ACTORS)[number];
export type Actor = { name: ActorName; userId: string | null; email: string | null; cookie: string };

const MATRIX_VAPID = webpush.generateVAPIDKeys();

export const METRICS_TOKEN = "matrix-metrics-token-0123456789";

let pageRoutes: Promise<PageRoute[]> | undefined;
/** The router's routes with their modules, loaded once per worker. */
export const loadPageRoutes = () => {
  pageRoutes ??= readPageRoutes();
  return pageRoutes;
};

/** A request body: a form as a browser posts it, a multipart form, or JSON (the API). */
export type Body = { form: Record<string, string | string[]> } | { multipart: FormData } | { json: unknown };

export type Answer = {
  status: number;
  location: string | null;
  flash: { type: string; message: string; description?: string } | null;
  json: unknown;
};

export async function createWorld(handle: DbHandle & { url?: string }) {
  const db = handle.db;
  const routes = await loadPageRoutes();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-matrix-"));
  const site = await createSiteApp(handle, routes, {
    env: {
      // A real deployment: production, demo parts off, the local checkout allowed as on a staging site.
      NODE_ENV: "production",
      ALLOW_SEED: "false",
      ALLOW_TEST_PAYMENTS: "true",
      DATABASE_URL: handle.url ?? "memory://",
      DATA_DIR: dataDir,
      METRICS_TOKEN,
      // One identity provider, so the identity pages and actions are there to be walked (nothing is fetched).
      GOOGLE_CLIENT_ID: "matrix-google-client",
      GOOGLE_CLIENT_SECRET: "matrix-google-secret",
      // Web Push configured, so its routes are there to be walked (nothing is pushed: no job runs here).
      VAPID_PUBLIC_KEY: MATRIX_VAPID.publicKey,
      VAPID_PRIVATE_KEY: MATRIX_VAPID.privateKey,
      VAPID_SUBJECT: "mailto:push@swapshed.example",
    },
  });
  const { app, auth, env } = site;
  const provider = paymentProviderFromEnv(env, {
    deliver: async (url, body, headers) => app.request(url, { method: "POST", body, headers }),
  }) as LocalPaymentProvider;
  const post = (p: string, body: unknown) =>
    app.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...sameOrigin() },
      body: JSON.stringify(body),
    });

  /** One request as `actor`, the way their browser (or API client) would send it; the answer read whole. */
  async function send(
    actor: Actor,
    method: string,
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const init: RequestInit & { headers: Record<string, string> } = {
      method,
      headers: { ...sameOrigin(actor.cookie || undefined), ...headers },
    };
    if (body && "form" in body) {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(body.form)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
      init.body = form;
      init.headers["content-type"] = "application/x-www-form-urlencoded";
    } else if (body && "multipart" in body) {
      init.body = body.multipart;
    } else if (body && "json" in body) {
      init.body = JSON.stringify(body.json);
      init.headers["content-type"] = "application/json";
    }
    const res = await app.request(url, init);
    // An event stream (/live) never ends: its status and headers are the answer.
    const streaming = (res.headers.get("content-type") ?? "").startsWith("text/event-stream");
    if (streaming) await res.body?.cancel();
    const text = streaming ? "" : await res.text();
    let json: unknown = null;
    if ((res.headers.get("content-type") ?? "").includes("json")) {
      try {
        json = JSON.parse(text);
      } catch {}
    }
    const flashCookie = res.headers.getSetCookie().find((c) => c.startsWith("flash=") && !c.startsWith("flash=;"));
    const { flash } = flashCookie
      ? await readFlash(new Request(TEST_ORIGIN, { headers: { cookie: flashCookie.split(";")[0] } }))
      : { flash: null };
    return { status: res.status, location: res.headers.get("location"), flash, json };
  }

  const deps = { db, clock: systemClock, auth, authAddressLimit: 100_000 };
  const metaOf = (cookie: string) => ({ ip: "203.0.113.10", userAgent: "vitest", headers: new Headers({ cookie }) });

  async function signUp(name: ActorName, fullName: string): Promise<Actor> {
    // Every actor has opened the link in their sign-up mail: what an unconfirmed address may not do is tested
    // in tests/integration/account-pre-hijacking.test.ts.
    const m = await signUpConfirmedMember({ post }, db, { name: fullName });
    return { name, userId: m.userId, email: m.email, cookie: m.cookie };
  }

  /** A member made staff (as `npm run staff` does); with `totp`, their authenticator enrolled through Better Auth. */
  async function staff(name: ActorName, role: "admin" | "moderator", totp: boolean): Promise<Actor> {
    const m = await signUp(name, role === "admin" ? "Alex Admin" : "Morgan Moderator");
    await grantStaffRole(db, { userId: m.userId as string, role, by: { actorId: null, via: "cli" } });
    if (!totp) return m;
    const { cookie } = await turnOnTwoFactor(deps, { userId: m.userId as string, cookie: m.cookie }, metaOf);
    return { ...m, cookie };
  }

  const owner = await signUp("member", "Olive Owner");
  const actors: Record<ActorName, Actor> = {
    visitor: { name: "visitor", userId: null, email: null, cookie: "" },
    member: await signUp("member", "Kylie Nguyen"),
    otherMember: await signUp("otherMember", "Tom O'Brien"),
    // Suspension ends a member's sessions; this one's session is kept alive on purpose, so the matrix checks
    // the second line too: every request treats a suspended member as signed out.
    suspended: await signUp("suspended", "Sam Suspended"),
    moderatorNoTotp: await staff("moderatorNoTotp", "moderator", false),
    moderator: await staff("moderator", "moderator", true),
    adminNoTotp: await staff("adminNoTotp", "admin", false),
    admin: await staff("admin", "admin", true),
  };
  await db
    .update(profiles)
    .set({ status: "suspended", suspendedAt: new Date(), suspensionReason: "matrix" })
    .where(eq(profiles.userId, actors.suspended.userId as string));

  const jpeg = await makeJpeg({ width: 320, height: 240 });

  /** A listing with a real stored picture, made through the API as its owner would. */
  const listingWithPicture = (cookie: string) => postListing({ app }, cookie, { images: [{ body: jpeg }] });

  /** Two listings and a proposal between their owners, in the given state (rows, as the use cases leave them). */
  const insertSwap = (
    proposerId: string,
    receiverId: string,
    status: SwapStatus,
    extra: Partial<typeof swapProposals.$inferInsert> = {},
  ) => createSwap(db, { status, proposerId, receiverId, ...extra });

  /**
   * An accepted swap both members paid from credit an admin gave: `payerId`'s fee is captured (a completed payment).
   * Holds are captured only once both sides hold (decision 102), so the other member pays too.
   */
  async function completedPayment(payerId: string, otherId: string) {
    const { swapId } = await insertSwap(payerId, otherId, "accepted");
    for (const userId of [payerId, otherId]) {
      await db.insert(creditLedger).values({ userId, amountCents: 999, reason: "admin_credit" });
      const paid = await startHandshakePayment(
        { db, clock: systemClock, provider, appUrl: TEST_ORIGIN },
        { swapId, userId },
      );
      if (paid.kind !== "paid") throw new Error("expected the credit to pay the fee");
    }
    const [payment] = await db
      .select()
      .from(paymentLogs)
      .where(and(eq(paymentLogs.swapProposalId, swapId), eq(paymentLogs.userId, payerId)));
    if (payment.status !== "completed") throw new Error(`expected a captured fee, got ${payment.status}`);
    return { swapId, paymentId: payment.id };
  }

  /** An accepted swap with the payer's checkout open: the session id the checkout page is at. */
  async function openCheckout(payerId: string, otherId: string) {
    const { swapId } = await insertSwap(payerId, otherId, "accepted");
    const started = await startHandshakePayment(
      { db, clock: systemClock, provider, appUrl: TEST_ORIGIN },
      { swapId, userId: payerId },
    );
    if (started.kind !== "redirect") throw new Error("expected a checkout");
    return { swapId, sessionId: new URL(started.url, TEST_ORIGIN).pathname.replace("/checkout/", "") };
  }

  async function insertReport(listingId: string, reporterId: string) {
    const [row] = await db
      .insert(moderationReports)
      .values({ listingId, reportedBy: reporterId, reason: "spam", notes: "matrix" })
      .returning();
    return row.id;
  }

  async function insertPasskey(userId: string) {
    const id = crypto.randomUUID();
    await db.insert(passkeys).values({
      id,
      name: "Work laptop",
      publicKey: crypto.randomBytes(32).toString("base64url"),
      userId,
      credentialID: crypto.randomBytes(16).toString("base64url"),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      createdAt: new Date(),
    });
    return id;
  }

  /** A Google identity linked to the member (the row Better Auth writes after the provider's callback). */
  async function insertIdentity(userId: string) {
    const id = crypto.randomUUID();
    await db.insert(accounts).values({ id, accountId: `google-${id}`, providerId: "google", userId });
    return id;
  }

  /** A second signed-in device of the member: a session row as Better Auth writes it. */
  async function insertSession(userId: string) {
    const id = crypto.randomUUID();
    await db.insert(sessions).values({
      id,
      token: crypto.randomBytes(24).toString("base64url"),
      userId,
      expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
      ipAddress: "198.51.100.20",
      userAgent: "Mozilla/5.0 (iPhone)",
    });
    return id;
  }

  /**
   * A new account that signs in with MEMBER_PASSWORD, written as Better Auth writes one (its password hash copied
   * from an account made through sign-up): hashing is most of a sign-up's cost, and the matrix makes many.
   */
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, owner.userId as string));
  async function freshAccount() {
    const m = await createMember(db, { name: "Nina New" });
    await db.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: m.id,
      providerId: "credential",
      userId: m.id,
      password: credential.password,
    });
    return { userId: m.id, email: m.email };
  }

  /** A throwaway member (rows only) for an admin action to act on. */
  const throwaway = async () => (await createMember(db, { name: "Terry Throwaway" })).id;
  const suspend = (userId: string) =>
    db
      .update(profiles)
      .set({ status: "suspended", suspendedAt: new Date(), suspensionReason: "matrix" })
      .where(eq(profiles.userId, userId));
  const makeModerator = (userId: string) => db.insert(userRoles).values({ userId, role: "moderator" });

  const publicListingId = await listingWithPicture(owner.cookie);

  return {
    db,
    app,
    env,
    site,
    dataDir,
    actors,
    owner,
    jpeg,
    send,
    post,
    publicListingId,
    listingWithPicture,
    insertListing: (ownerId: string, options?: Parameters<typeof createListing>[2]) =>
      createListing(db, ownerId, options),
    insertSwap,
    completedPayment,
    openCheckout,
    insertReport,
    insertPasskey,
    insertIdentity,
    insertSession,
    throwaway,
    freshAccount,
    suspend,
    makeModerator,
    close: () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(site.uploadsDir, { recursive: true, force: true });
    },
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/**
 * A fingerprint of every table's rows, except those that record the attempt itself (rate-limit counters, security
 * events, the logs): two equal fingerprints mean the attempt changed nothing anyone owns.
 */
export const ATTEMPT_LOG_TABLES = ["rate_limits", "security_events", "audit_logs", "mail_outbox"];

export async function tableFingerprints(db: World["db"]): Promise<Map<string, string>> {
  const tables = (await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%'
    order by table_name`)) as unknown as { rows?: { name: string }[] } | { name: string }[];
  const names = ("rows" in tables ? (tables.rows ?? []) : (tables as { name: string }[]))
    .map((t) => t.name)
    .filter((n) => !ATTEMPT_LOG_TABLES.includes(n));
  const parts = names.map(
    (n) =>
      sql`select ${n} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(n)} t`,
  );
  const result = (await db.execute<{ name: string; digest: string }>(sql.join(parts, sql` union all `))) as unknown as
    | { rows: { name: string; digest: string }[] }
    | { name: string; digest: string }[];
  const rows = "rows" in result ? result.rows : result;
  return new Map(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((n) => before.get(n) !== after.get(n));
}
