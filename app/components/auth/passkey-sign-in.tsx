import { useState } from "react";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { describeCeremonyError, loadWebAuthn, type OptionsAnswer, postForJson } from "#app/lib/passkey-browser.ts";
import { Button } from "../ui/button";
import { KeyRound } from "../ui/icons";

/**
 * "Sign in with a passkey": no e-mail address needed, the browser offers this site's passkeys. Shown only where
 * the browser has WebAuthn (`needs-passkeys`, from the first paint; decision 064); a tap before React runs is
 * done once it does. On success the page loads where the member was going.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const start = await postForJson<OptionsAnswer<PublicKeyCredentialRequestOptionsJSON>>("/auth/passkey/options");
      if (!("options" in start)) return setError("error" in start ? start.error : describeCeremonyError(null));
      const { startAuthentication } = await loadWebAuthn();
      let answer: unknown;
      try {
        answer = await startAuthentication({ optionsJSON: start.options });
      } catch (problem) {
        return setError(describeCeremonyError(problem));
      }
      const done = await postForJson<{ redirectTo: string }>("/auth/passkey", {
        response: JSON.stringify(answer),
        redirectTo,
      });
      if ("error" in done) return setError(done.error);
      // A full load: the whole page (the navigation, the flash) changes with the session.
      window.location.assign(done.redirectTo);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="needs-passkeys">
      <Button type="button" variant="outline" className="w-full" onClick={signIn} disabled={busy}>
        <KeyRound className="size-4" />
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
      {error && (
        <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
