import type { ReactNode } from "react";
import { TotpKey } from "./totp-key";

/**
 * The step of setting up an authenticator app that shows the new key: what to do, the key as a QR code and as text
 * to type instead, then `children` (the form for the code the app shows). Shared by My Account and the staff
 * enrolment; `gap` is the space between the parts (tighter inside My Account's card).
 */
export function AuthenticatorSetUp({
  qrSvg,
  qrLabel,
  secret,
  totpUri,
  gap,
  children,
}: {
  /** The QR code, an SVG the server drew from this person's own key. */
  qrSvg: string;
  qrLabel: string;
  secret: string;
  totpUri: string;
  gap: "mt-4" | "mt-5";
  children: ReactNode;
}) {
  return (
    <div className={gap}>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-ink">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className={`${gap} flex flex-col items-center gap-4 sm:flex-row sm:items-start`}>
        <div
          role="img"
          aria-label={qrLabel}
          className="size-44 shrink-0 rounded-lg border border-line bg-white p-2"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the server drew from this person's own key
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <div className="min-w-0 self-stretch">
          <TotpKey secret={secret} totpUri={totpUri} />
        </div>
      </div>
      {children}
    </div>
  );
}
