// What a member reads when signing in with, or linking, an identity provider goes wrong. Better Auth sends the
// browser back to our page with ?error=<code> (its own codes, the provider's, or ours from identity-auth-hooks.ts).

/** Our own refusals, thrown from the database hooks while Better Auth handles the callback. */
export const IDENTITY_ERRORS = {
  accountSuspended: "ACCOUNT_SUSPENDED",
  twoFactorRequired: "TWO_FACTOR_REQUIRED",
  emailNotVerified: "EMAIL_NOT_VERIFIED",
  nameInvalid: "NAME_INVALID",
} as const;

export const ACCOUNT_SUSPENDED_MESSAGE = "Your account has been suspended. Please contact support.";

const MESSAGES: Record<string, (label: string) => string> = {
  access_denied: (label) => `Signing in with ${label} was cancelled.`,
  [IDENTITY_ERRORS.accountSuspended]: () => ACCOUNT_SUSPENDED_MESSAGE,
  [IDENTITY_ERRORS.twoFactorRequired]: () =>
    "Two-step sign-in is on for your account: sign in with your e-mail and password, then your code.",
  [IDENTITY_ERRORS.emailNotVerified]: (label) =>
    `${label} hasn't confirmed your e-mail address. Confirm it there first, or sign up with your e-mail address.`,
  email_not_verified: (label) =>
    `${label} hasn't confirmed your e-mail address. Confirm it there first, or sign up with your e-mail address.`,
  [IDENTITY_ERRORS.nameInvalid]: (label) =>
    `We couldn't read a name from ${label}. Please sign up with your e-mail address instead.`,
  email_not_found: (label) => `${label} didn't share an e-mail address, so we can't sign you in with it.`,
  account_not_linked: (label) =>
    `An account already uses this e-mail address. Sign in with your password, then link ${label} from My Account.`,
  signup_disabled: (label) => `There is no SwapShed account for this ${label} sign-in.`,
};

/** Linking from My Account has its own wording for the same codes, and a few codes of its own. */
const LINK_MESSAGES: Record<string, (label: string) => string> = {
  access_denied: (label) => `Linking ${label} was cancelled.`,
  email_does_not_match: (label) =>
    `That ${label} account uses a different e-mail address. You can only link an identity with the same address as your SwapShed account.`,
  account_already_linked_to_different_user: (label) =>
    `That ${label} account is already linked to another SwapShed account.`,
  unable_to_link_account: (label) =>
    `${label} couldn't be linked. Make sure your e-mail address is confirmed there, then try again.`,
};

/** The message for a sign-in that came back with `code`; a generic one for anything unexpected (a forged callback). */
export function identityErrorMessage(code: string, label: string): string {
  return (MESSAGES[code] ?? ((l: string) => `Signing in with ${l} didn't work. Please try again.`))(label);
}

export function identityLinkErrorMessage(code: string, label: string): string {
  return (LINK_MESSAGES[code] ?? ((l: string) => `${l} couldn't be linked. Please try again.`))(label);
}
