import { z } from "zod";
import type { FormSpec } from "#core/shared/field-rules.ts";
import type { SignedIn as Session, SignInOutcome } from "#core/auth/auth-attempt.ts";
import { SIGN_IN_FIELDS, SIGN_UP_FIELDS } from "#core/auth/credential-rules.ts";
import { signInSchema, signUpSchema } from "#core/auth/credentials-schema.ts";
import { deletionPendingMessage } from "#core/auth/pending-deletion.ts";
import { signIn } from "#core/auth/sign-in.ts";
import { TWO_FACTOR_REQUIRED } from "#core/auth/sign-in-attempt.ts";
import { signUp } from "#core/auth/sign-up.ts";
import { AppError } from "#core/shared/app-error.ts";
import { BAD_SCOPE, parseSignOutScope, SIGN_OUT_SCOPES, signOut } from "#core/auth/sign-out.ts";
import { createRouter, type Endpoint, named, readJson } from "./contract";

const SESSION_COOKIE =
  "Sets the session cookie (`better-auth.session_token`; `__Secure-better-auth.session_token` over HTTPS).";

const SignedIn = named("SignedIn", z.object({ userId: z.string() }));

/** The form's rules, as the messages a refusal gives for each field (from the one rule list the form checks too). */
const rulesOf = (form: FormSpec) =>
  `Each field is checked by the same rules as the site's form; a refusal names the field in \`fields\` with the first rule it breaks: ${Object.entries(
    form,
  )
    .map(([name, spec]) => `${name}: ${spec.rules.map(([, message]) => `'${message}'`).join(", ")}`)
    .join("; ")}.`;

const SignUpRequest = named("SignUpRequest", signUpSchema.meta({ description: rulesOf(SIGN_UP_FIELDS) }));
const SignInRequest = named("SignInRequest", signInSchema.meta({ description: rulesOf(SIGN_IN_FIELDS) }));
const SignOutRequest = named(
  "SignOutRequest",
  z.object({
    scope: z
      .enum(SIGN_OUT_SCOPES)
      .optional()
      .meta({ description: "local: this session; others: every other session; global (the default): every session." }),
  }),
);
const SignedOut = named(
  "SignedOut",
  z.object({
    ok: z.literal(true),
    scope: z.enum(SIGN_OUT_SCOPES),
    signedIn: z.boolean().meta({ description: "Whether this session is still signed in (only with scope=others)." }),
  }),
);

const RATE_LIMITED =
  "Too many attempts (5 per e-mail address and 20 per client address in 5 minutes): the message says when to try again, and so does the Retry-After header.";

export const signUpEndpoint = {
  method: "post",
  path: "/auth/sign-up",
  operationId: "signUp",
  tag: "Auth",
  summary: "Create an account and sign in",
  access: "public",
  body: { type: "json", schema: SignUpRequest, required: true },
  responses: {
    201: {
      description: `Signed up and signed in. ${SESSION_COOKIE}`,
      schema: SignedIn,
      headers: { "Set-Cookie": SESSION_COOKIE },
    },
  },
  errors: {
    400: "A field breaks its rule: `fields` has each field's message, `error` the first.",
    409: "'This email is already registered. Please sign in instead.'",
    429: RATE_LIMITED,
  },
} as const satisfies Endpoint;

export const signInEndpoint = {
  method: "post",
  path: "/auth/sign-in",
  operationId: "signIn",
  tag: "Auth",
  summary: "Sign in with e-mail and password",
  description: "Accounts with two-step sign-in finish it on the site (`/auth`); the API answers 403 for them.",
  access: "public",
  body: { type: "json", schema: SignInRequest, required: true },
  responses: {
    200: { description: `Signed in. ${SESSION_COOKIE}`, schema: SignedIn, headers: { "Set-Cookie": SESSION_COOKIE } },
  },
  errors: {
    400: "A field breaks its rule: `fields` has each field's message, `error` the first.",
    401: "'Invalid email or password'",
    403: "'Your account has been suspended. Please contact support.', or 'Two-factor verification is required for this account.'",
    429: RATE_LIMITED,
  },
} as const satisfies Endpoint;

export const signOutEndpoint = {
  method: "post",
  path: "/auth/sign-out",
  operationId: "signOut",
  tag: "Auth",
  summary: "Sign out",
  description: "A session that has already ended is not an error: the answer says `signedIn: false`.",
  access: "optional",
  body: { type: "json", schema: SignOutRequest },
  responses: {
    200: { description: "Signed out; the session cookie is cleared (unless scope=others).", schema: SignedOut },
  },
  errors: { 400: `'${BAD_SCOPE}'` },
} as const satisfies Endpoint;

/** /api/v1/auth: the same use cases as the /auth page, answering with the same messages. */
export function createAuthRoutes() {
  const router = createRouter();

  router.add(signUpEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const signedUp = await signUp(ctx, await readJson(c.req.raw), ctx.meta);
    return reply(201, { userId: signedUp.userId }, signedUp.headers);
  });

  router.add(signInEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const signedIn = sessionOnly(await signIn(ctx, await readJson(c.req.raw), ctx.meta));
    return reply(200, { userId: signedIn.userId }, signedIn.headers);
  });

  router.add(signOutEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const scope = parseSignOutScope((await readJson(c.req.raw)).scope, "global");
    if (!scope) return c.json({ error: BAD_SCOPE }, 400);
    const result = await signOut(ctx, { scope }, ctx.meta);
    return reply(200, { ok: true, scope, signedIn: result.stillSignedIn }, result.headers);
  });

  return router;
}

/**
 * The API has no second step and no offer to keep an account: both are refusals here (403), with the words the
 * site would give for them; the member finishes on the site.
 */
function sessionOnly(outcome: SignInOutcome): Session {
  if (outcome.kind === "second-step") throw new AppError("FORBIDDEN", TWO_FACTOR_REQUIRED);
  if (outcome.kind === "pending-deletion") throw new AppError("FORBIDDEN", deletionPendingMessage(outcome.deletesOn));
  return outcome;
}
