import { EmailCodeOption } from "./email-code-option";

/**
 * The ways to sign in besides e-mail and password, under the Sign In form: each option renders itself only where
 * it can work (a passkey where the browser has WebAuthn, an identity provider when one is configured).
 */
export function OtherSignInOptions(props: { redirectTo: string }) {
  const options: React.ReactNode[] = [];
  options.push(<EmailCodeOption key="email-code" redirectTo={props.redirectTo} />);
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
