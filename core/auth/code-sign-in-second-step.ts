import type { BetterAuthPlugin } from "better-auth";
import type { twoFactor } from "better-auth/plugins";

/**
 * Better Auth's two-factor plugin holds back the session only after a password sign-in (its hook matches
 * /sign-in/email, /sign-in/username and /sign-in/phone-number). An e-mailed code proves the mailbox, not the
 * second factor: without this, a member with an authenticator app would be signed in by the code alone.
 * This runs the plugin's own hook after /sign-in/email-otp too, so a code sign-in ends, like a password
 * sign-in, with the signed two-factor cookie and no session (the page then asks for the app's code).
 */
export function secondStepAfterCodeSignIn(plugin: ReturnType<typeof twoFactor>): BetterAuthPlugin {
  const hook = plugin.hooks.after[0];
  if (!hook) throw new Error("The two-factor plugin has no sign-in hook to reuse");
  return {
    id: "sign-in-code-second-step",
    hooks: { after: [{ matcher: (context) => context.path === "/sign-in/email-otp", handler: hook.handler }] },
  };
}
