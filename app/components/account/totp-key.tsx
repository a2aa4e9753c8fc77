import { useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { buttonClass } from "../ui/button";
import { Check, Copy, Smartphone } from "../ui/icons";

/**
 * The two-step key for people who cannot scan the QR code: the whole key in groups of four (it wraps, never
 * clipped), a Copy button (only once the page's scripts run, as it needs them) and an otpauth:// link that opens
 * the authenticator app on the device the page is open on. Shared by My Account and the staff enrolment.
 */
export function TotpKey({ secret, totpUri, id = "totpKey" }: { secret: string; totpUri: string; id?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const groups = secret.match(/.{1,4}/g) ?? [];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div className="text-sm">
      <p id={`${id}-label`} className="font-medium">
        Can't scan it? Enter this key:
      </p>
      <p
        id={id}
        data-testid="totp-key"
        className="mt-1 flex flex-wrap gap-x-2 gap-y-1 rounded-md border border-line bg-surface px-2 py-1.5 font-mono text-sm tracking-wider select-all"
      >
        {groups.map((group, n) => (
          <span key={n}>{group}</span>
        ))}
      </p>
      <p className="mt-1 text-muted">Time-based, 6 digits, every 30 seconds.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {hydrated && (
          <button type="button" onClick={copy} className={buttonClass({ variant: "outline", size: "sm" })}>
            {copied === "yes" ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            Copy key
          </button>
        )}
        <a href={totpUri} className={buttonClass({ variant: "outline", size: "sm" })}>
          <Smartphone className="size-4" aria-hidden="true" />
          Open in authenticator app
        </a>
      </div>
      <p role="status" className="mt-1 min-h-5 text-muted">
        {copied === "yes"
          ? "Key copied."
          : copied === "failed"
            ? "Could not copy: select the key and copy it instead."
            : ""}
      </p>
      <p className="text-muted">
        On the phone you are setting up? "Open in authenticator app" adds the key in one step.
      </p>
    </div>
  );
}
