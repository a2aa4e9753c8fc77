import type { Context } from "hono";
import { z } from "zod";
import type { AppContext } from "#app/context.ts";
import { creditBalance } from "#core/payments/credit-balance.ts";
import { findMyPayments } from "#core/payments/find-my-payments.ts";
import { AppError } from "#core/shared/app-error.ts";
import { FULL_NAME } from "#core/auth/credential-rules.ts";
import { fullNameSchema } from "#core/auth/credentials-schema.ts";
import { findContactDetails } from "#core/accounts/find-contact-details.ts";
import { findSessions } from "#core/auth/find-sessions.ts";
import { phoneSchema } from "#core/accounts/update-contact-details.ts";
import { updateProfile } from "#core/accounts/update-profile.ts";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "#db/schema/payments.ts";
import { CIRCLE_STATUSES } from "#db/schema/swap-circles.ts";
import { SWAP_STATUSES } from "#db/schema/swaps.ts";
import { type ApiEnv, createRouter, endpointsOf, isoDateTime, named, readJson } from "./contract";

// The member's own account: who they are, their profile (name, phone, suburb), where they are signed in and the
// handshake fees they paid. Changes that need a fresh sign-in (e-mail, password, two-step, deleting the
// account) stay on the site's pages, which ask for it.

export const UNAUTHENTICATED = "Authentication required";

export async function signedIn(ctx: AppContext) {
  const user = await ctx.getUser();
  if (!user) throw new AppError("UNAUTHENTICATED", UNAUTHENTICATED);
  return user;
}

/** A member endpoint's request context and its signed-in member (401 without one). */
export async function memberOf(c: Context<ApiEnv>) {
  const ctx = c.get("ctx");
  return { ctx, user: await signedIn(ctx) };
}

export const cursorQuery = (what: string) =>
  z
    .string()
    .optional()
    .meta({ description: `The \`nextCursor\` of the previous page of ${what}; left out, the first page.` });

const Me = named(
  "Me",
  z.object({
    user: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      role: z.enum(["admin", "moderator"]).nullable().meta({ description: "A staff role, or null for members." }),
      session: z.object({
        id: z.string(),
        createdAt: isoDateTime.meta({ description: "When this session signed in." }),
      }),
    }),
  }),
);

const Profile = named(
  "Profile",
  z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    location: z
      .string()
      .nullable()
      .meta({ description: "The member's suburb, e.g. `Bondi NSW 2026`: distances are measured from it." }),
    avatarUrl: z.string().nullable(),
    creditCents: z
      .number()
      .int()
      .meta({ description: "Account credit in cents: it pays the next handshake fee first." }),
  }),
);

export const ProfileUpdate = named(
  "ProfileUpdate",
  z
    .object({
      fullName: fullNameSchema.meta({
        description: `Refused with: ${FULL_NAME.rules.map(([, message]) => `'${message}'`).join(", ")}.`,
      }),
      phone: phoneSchema.optional().meta({ description: "Left out or empty, the phone number is removed." }),
      location: z.string().optional().meta({
        description:
          "A suburb as `/localities` suggests it (`Bondi NSW 2026`); left out or empty, the suburb stays as it is.",
      }),
    })
    .meta({
      description:
        "The profile form's fields. The phone number and suburb are shown to a swap partner once both fees are paid.",
    }),
);

const Sessions = named(
  "Sessions",
  z.object({
    sessions: z.array(
      z.object({
        id: z.string(),
        device: z.string().meta({ description: "Browser and system, as read from the user agent." }),
        ipAddress: z.string().nullable(),
        signedInAt: isoDateTime,
        lastActiveAt: isoDateTime,
        current: z.boolean().meta({ description: "The session making this request." }),
      }),
    ),
  }),
);

const Payments = named(
  "Payments",
  z.object({
    payments: z.array(
      z.object({
        id: z.guid(),
        swapId: z.guid().nullable().meta({ description: "The swap the fee was for; null for a swap circle's fee." }),
        swapStatus: z.enum(SWAP_STATUSES).nullable(),
        circleId: z.guid().nullable().meta({ description: "The swap circle the fee was for; null for a swap's fee." }),
        circleStatus: z.enum(CIRCLE_STATUSES).nullable(),
        status: z.enum(PAYMENT_STATUSES),
        provider: z.enum(PAYMENT_PROVIDERS).meta({
          description: "local or stripe: a card checkout; credit: paid from account credit; waived: no fee was due.",
        }),
        amountCents: z.number().int().meta({ description: "Charged to the card, in cents." }),
        creditCents: z.number().int().meta({ description: "Paid from account credit, in cents." }),
        currency: z.string(),
        createdAt: isoDateTime,
        refundedAt: isoDateTime.nullable(),
      }),
    ),
    nextCursor: z.string().nullable(),
  }),
);

const accountEndpoint = endpointsOf({ tag: "Account", access: "member" });
const paymentEndpoint = endpointsOf({ tag: "Payments", access: "member" });

export const meEndpoint = accountEndpoint("get /me", {
  operationId: "getMe",
  summary: "The signed-in member",
  responses: { 200: { description: "Who is signed in, and this session.", schema: Me } },
});

export const getProfileEndpoint = accountEndpoint("get /me/profile", {
  operationId: "getProfile",
  summary: "The member's profile",
  responses: { 200: { description: "Name, contact details and account credit.", schema: Profile } },
});

export const updateProfileEndpoint = accountEndpoint("put /me/profile", {
  operationId: "updateProfile",
  summary: "Change the member's name, phone number and suburb",
  description: "All three are saved together, or none. 20 changes an hour.",
  body: { type: "json", schema: ProfileUpdate, required: true },
  responses: { 200: { description: "Saved: the profile as it is now.", schema: Profile } },
  errors: {
    400: "A field breaks its rule (`fields` names it), e.g. 'Please choose a suburb from the list'.",
    429: "Too many changes in the last hour; Retry-After says when to try again.",
  },
});

export const sessionsEndpoint = accountEndpoint("get /me/sessions", {
  operationId: "findSessions",
  summary: "Where the member is signed in",
  description: "Signing devices out is on the site (`/account/sessions`), or `POST /auth/sign-out` with a scope.",
  responses: { 200: { description: "Every session that has not expired, this one first.", schema: Sessions } },
});

export const paymentsEndpoint = paymentEndpoint("get /me/payments", {
  operationId: "listMyPayments",
  summary: "The handshake fees the member paid",
  description:
    "Every payment the member made or started (a checkout not finished is `pending`), newest first, 20 a page.",
  query: { cursor: cursorQuery("payments") },
  responses: {
    200: { description: "A page of payments and the cursor of the next (null on the last).", schema: Payments },
  },
});

/** /api/v1/me...: the same use cases as My Account. */
export function createAccountRoutes() {
  const router = createRouter();

  router.add(meEndpoint, async (c, reply) => reply(200, { user: await signedIn(c.get("ctx")) }));

  const profileOf = async (ctx: AppContext, userId: string) => {
    const details = await findContactDetails(ctx.db, userId);
    if (!details) throw new AppError("UNAUTHENTICATED", UNAUTHENTICATED);
    return { ...details, creditCents: await creditBalance(ctx.db, userId) };
  };

  router.add(getProfileEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    return reply(200, await profileOf(ctx, user.id));
  });

  router.add(updateProfileEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    const body = await readJson(c.req.raw);
    await updateProfile(
      ctx,
      { userId: user.id, fullName: body.fullName, phone: body.phone, location: body.location },
      ctx.meta,
    );
    return reply(200, await profileOf(ctx, user.id));
  });

  router.add(sessionsEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    return reply(200, {
      sessions: await findSessions(ctx.db, {
        userId: user.id,
        currentSessionId: user.session.id,
        now: ctx.clock.now(),
      }),
    });
  });

  router.add(paymentsEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    return reply(200, await findMyPayments(ctx.db, { userId: user.id, cursor: c.req.query("cursor") }));
  });

  return router;
}
