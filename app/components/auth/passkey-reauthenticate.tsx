import { useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { describeCeremonyError, loadWebAuthn, type OptionsAnswer, postForJson } from "#app/lib/passkey-browser.ts";
import { Button } from "../ui/button";
import { KeyRound } from "../ui/icons";

/**
 * "Use a passkey" on the confirm-it's-you page: one of the member's own passkeys answers a challenge, and the page's
 * action checks it. Shown only where the browser has WebAuthn (`needs-passkeys`: in the server's HTML and shown from
 * the first paint, so nothing below it moves when React runs; a tap before then is done once it does, decision 064).
 */
export function PasskeyReauthenticate({
  redirectTo,
  error,
  primary,
}: {
  redirectTo: string;
  error?: string;
  primary: boolean;
}) {
  const submit = useSubmit();
  const submitting = useNavigation().state !== "idle";
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm() {
    setWorking(true);
    setProblem(null);
    try {
      const start = await postForJson<OptionsAnswer<PublicKeyCredentialRequestOptionsJSON>>(
        "/auth/reauthenticate/passkey-options",
      );
      if ("redirectTo" in start) return window.location.assign(start.redirectTo);
      if (!("options" in start)) return setProblem(start.error);
      const { startAuthentication } = await loadWebAuthn();
      let answer: unknown;
      try {
        answer = await startAuthentication({ optionsJSON: start.options });
      } catch (failure) {
        return setProblem(describeCeremonyError(failure));
      }
      submit({ method: "passkey", secret: JSON.stringify(answer), redirectTo }, { method: "post" });
    } finally {
      setWorking(false);
    }
  }

  const shown = problem ?? error;
  return (
    <div className="needs-passkeys mt-6">
      <Button
        type="button"
        variant={primary ? "primary" : "outline"}
        className="w-full"
        onClick={confirm}
        disabled={working || submitting}
      >
        <KeyRound className="size-4" />
        {working ? "Waiting for your passkey..." : "Use a passkey"}
      </Button>
      {shown && (
        <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {shown}
        </p>
      )}
    </div>
  );
}
