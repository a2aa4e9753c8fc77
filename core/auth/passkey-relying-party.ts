/**
 * Who the passkeys belong to, as the browser checks it: the site's host name (rpID) and origin, both from APP_URL,
 * exactly as Better Auth's passkey plugin is configured in auth.ts (a passkey made here must sign in there).
 */
export function relyingParty(appUrl: string) {
  const url = new URL(appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: "SwapShed" };
}

/** How long a member has to finish a ceremony the browser started (the plugin's own challenge lasts as long). */
export const PASSKEY_CEREMONY_SECONDS = 300;

/** What every answer from the browser must show: this challenge, made for our origin and rpID, the person checked. */
export function expectedAnswer(appUrl: string, expectedChallenge: string) {
  const { rpID, origin } = relyingParty(appUrl);
  return { expectedChallenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true };
}
