import { EmailCodeOption } from "./email-code-option";
import { type IdentityProviderChoice, IdentityProviderButtons } from "./identity-provider-buttons";
import { usePasskeySupport } from "../../lib/passkey-browser";
import { PasskeySignIn } from "./passkey-sign-in";

/**
 * The ways to sign in besides e-mail and password, under the Sign In form: each option renders itself only where
 * it can work (a passkey where the browser has WebAuthn, an identity provider when one is configured).
 */
export function OtherSignInOptions({
  redirectTo,
  identityProviders = [],
}: {
  redirectTo: string;
  identityProviders?: IdentityProviderChoice[];
}) {
  const passkeys = usePasskeySupport();
  const options: React.ReactNode[] = [];
  if (passkeys) options.push(<PasskeySignIn key="passkey" redirectTo={redirectTo} />);
  if (identityProviders.length > 0) {
    options.push(<IdentityProviderButtons key="identity-providers" providers={identityProviders} redirectTo={redirectTo} />);
  }
  options.push(<EmailCodeOption key="email-code" redirectTo={redirectTo} />);
  if (options.length === 0) return null;
  return (
    <div className="mt-6">
      <p className="relative text-center text-xs uppercase tracking-wide text-muted">
        <span className="bg-white px-2">or</span>
      </p>
      <div className="mt-4 space-y-3">{options}</div>
    </div>
  );
}
