import { EmailCodeOption } from "./email-code-option";
import { type IdentityProviderChoice, IdentityProviderButtons } from "./identity-provider-buttons";
import { PasskeySignIn } from "./passkey-sign-in";

/**
 * The ways to sign in besides e-mail and password, under the Sign In form: each option is shown only where it can
 * work (a passkey where the browser has WebAuthn, an identity provider when one is configured). The passkey button
 * is in the server's HTML and shown by CSS from the first paint (decision 064): added when React ran, it moved the
 * Sign Up link below it from under a finger already on its way.
 */
export function OtherSignInOptions({
  redirectTo,
  identityProviders = [],
}: {
  redirectTo: string;
  identityProviders?: IdentityProviderChoice[];
}) {
  const options: React.ReactNode[] = [<PasskeySignIn key="passkey" redirectTo={redirectTo} />];
  if (identityProviders.length > 0) {
    options.push(
      <IdentityProviderButtons key="identity-providers" providers={identityProviders} redirectTo={redirectTo} />,
    );
  }
  options.push(<EmailCodeOption key="email-code" redirectTo={redirectTo} />);
  return (
    <div className="mt-6">
      <p className="relative text-center text-xs uppercase tracking-wide text-muted">
        <span className="bg-white px-2">or</span>
      </p>
      <div className="mt-4 space-y-3">{options}</div>
    </div>
  );
}
