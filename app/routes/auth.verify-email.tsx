import { Form, Link } from "react-router";
import type { Route } from "./+types/auth.verify-email";
import { appContext } from "../context";
import { Button, ButtonLink } from "../components/ui/button";
import { AuthCard, AuthCardLink, authLinkClass } from "../components/auth/auth-card";
import { BadgeCheck, Clock, TriangleAlert } from "../components/ui/icons";
import { VERIFY_EMAIL_HOURS } from "#core/auth/auth.ts";
import { verifyEmailAddress } from "#core/auth/verify-email-address.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm e-mail address | SwapShed" },
  { name: "robots", content: "noindex" },
];

/**
 * The link in a verification or change-of-address mail. Opening it proves the mailbox (a GET is enough: the
 * link itself is the secret); it never signs anyone in, so this loader passes on no cookie of Better Auth's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await ctx.getUser();
  const token = new URL(request.url).searchParams.get("token");
  const result = await verifyEmailAddress(
    { ...ctx, appUrl: ctx.env.APP_URL },
    { token, signedIn: user ? { id: user.id, email: user.email, sessionId: user.session.id } : null },
    ctx.meta,
  );
  // Signing in brings the member back to this link, which then confirms the address.
  const back = `/auth/verify-email?${new URLSearchParams({ token: token ?? "" })}`;
  return { result, signedIn: !!user, signInUrl: `/auth?${new URLSearchParams({ redirectTo: back })}` };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { result, signedIn, signInUrl } = loaderData;
  const nextStep = signedIn ? (
    <ButtonLink to="/account/email">Go to My Account</ButtonLink>
  ) : (
    <ButtonLink to="/auth">Sign in</ButtonLink>
  );
  let icon = <BadgeCheck className="size-8 text-brand-600" aria-hidden="true" />;
  let title: string;
  let body: React.ReactNode;
  let action: React.ReactNode = nextStep;
  if (result.kind === "verified") {
    title = "Your e-mail address is verified";
    body = (
      <>
        Thank you: <strong className="break-all text-ink">{result.email}</strong> is confirmed. Members now see a
        verified mark beside your name on your listings.
      </>
    );
  } else if (result.kind === "email_changed") {
    title = "Your new e-mail address is confirmed";
    body = (
      <>
        Your account now uses <strong className="break-all text-ink">{result.email}</strong>. We've told your old
        address about the change.
      </>
    );
  } else if (result.kind === "sign_in_first") {
    icon = <BadgeCheck className="size-8 text-brand-600" aria-hidden="true" />;
    title = "Sign in to confirm your address";
    body = (
      <>
        To confirm <strong className="break-all text-ink">{result.email}</strong>, sign in with the password you chose
        when you signed up; we'll bring you back here. Didn't sign up for SwapShed? Someone may have used your address:
        choose a password with{" "}
        <Link to="/auth/forgot-password" className={authLinkClass}>
          Forgot password?
        </Link>{" "}
        and the account is yours, with anything they set up removed.
      </>
    );
    action = <ButtonLink to={signInUrl}>Sign in to confirm</ButtonLink>;
  } else if (result.kind === "expired") {
    icon = <Clock className="size-8 text-accent-600" aria-hidden="true" />;
    title = "This link has expired";
    body = `Links in our e-mails work for ${VERIFY_EMAIL_HOURS} hours.`;
    action = signedIn ? (
      <Form method="post" action="/account/email">
        <input type="hidden" name="intent" value="resend" />
        <Button type="submit">Send a new link</Button>
      </Form>
    ) : (
      <ButtonLink to={`/auth?${new URLSearchParams({ redirectTo: "/account/email" })}`}>
        Sign in to send a new link
      </ButtonLink>
    );
  } else if (result.kind === "other_member") {
    icon = <TriangleAlert className="size-8 text-danger" aria-hidden="true" />;
    title = "This link is for another account";
    body = "You're signed in as a different member. Sign out, then open the link from the e-mail again.";
    action = <ButtonLink to="/account/email">Go to My Account</ButtonLink>;
  } else {
    icon = <TriangleAlert className="size-8 text-danger" aria-hidden="true" />;
    title = "This link is not valid";
    body =
      "It may have been used already, replaced by a newer one, or copied only in part. You can ask for a new one from My Account.";
  }
  return (
    <AuthCard icon={icon} title={title}>
      <p className="mt-2 text-sm text-muted">{body}</p>
      <div className="mt-6">{action}</div>
      <AuthCardLink to="/">Back to SwapShed</AuthCardLink>
    </AuthCard>
  );
}
