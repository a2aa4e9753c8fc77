import { useState } from "react";
import { Form, useNavigate, useNavigation, useSubmit } from "react-router";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { parsePasskeyName } from "#core/auth/passkey-name.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  describeCeremonyError,
  loadWebAuthn,
  type OptionsAnswer,
  postForJson,
  usePasskeySupport,
} from "#app/lib/passkey-browser.ts";
import { describedBy, Field, inputClass } from "../forms/field";
import { FormError } from "../forms/form-error";
import { Button } from "../ui/button";

/** A refusal to show: the page's (`fields.name` when it is about the name) or the browser's own. */
type Result = { error: string; fields?: Record<string, string> } | undefined;

/**
 * Names a new passkey and makes it. The browser creates the passkey (WebAuthn), so this needs JavaScript: without
 * it the page says so instead of offering a button that cannot work. The answer is posted to the page's action,
 * which checks it and stores the passkey.
 */
export function AddPasskeyForm({ defaultName, result }: { defaultName: string; result: Result }) {
  const hydrated = useHydrated();
  const supported = usePasskeySupport();
  const submit = useSubmit();
  const navigate = useNavigate();
  const submitting = useNavigation().state !== "idle";
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<Result>(undefined);
  const shown = problem ?? result;
  const nameError = shown?.fields?.name;

  // Until the page's JavaScript runs (and always without it), say what it takes rather than show a dead button.
  if (!hydrated) {
    return (
      <p className="mt-4 rounded-xl bg-surface p-4 text-sm text-muted">
        Passkeys need JavaScript: your browser makes the passkey. If no Add a passkey button appears here, turn
        JavaScript on in your browser.
      </p>
    );
  }
  if (!supported) {
    return (
      <p className="mt-4 rounded-xl bg-surface p-4 text-sm text-muted">
        This browser can't make passkeys. Try a recent version of Chrome, Safari, Edge or Firefox.
      </p>
    );
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = parsePasskeyName(new FormData(event.currentTarget).get("name"));
    if (!name.ok) return setProblem({ error: name.message, fields: { name: name.message } });
    setProblem(undefined);
    setWorking(true);
    try {
      const start =
        await postForJson<OptionsAnswer<PublicKeyCredentialCreationOptionsJSON>>("/account/passkeys/options");
      // Signed in too long ago: confirm it's you first, then come back here.
      if ("redirectTo" in start) return navigate(start.redirectTo);
      if (!("options" in start)) return setProblem({ error: start.error });
      const { startRegistration } = await loadWebAuthn();
      let answer: unknown;
      try {
        answer = await startRegistration({ optionsJSON: start.options });
      } catch (error) {
        return setProblem({ error: describeCeremonyError(error) });
      }
      submit({ intent: "add", name: name.name, response: JSON.stringify(answer) }, { method: "post" });
    } finally {
      setWorking(false);
    }
  }

  const busy = working || submitting;
  return (
    <Form method="post" className="mt-4 space-y-4" noValidate onSubmit={onSubmit}>
      <FormError message={shown && !nameError ? shown.error : null} />
      <Field
        id="passkey-name"
        label="Passkey name"
        error={nameError}
        hint="So you can tell your passkeys apart, e.g. the device or password manager."
      >
        <input
          id="passkey-name"
          name="name"
          type="text"
          required
          defaultValue={defaultName}
          className={`${inputClass(nameError)} h-11`}
          {...describedBy("passkey-name", nameError, "hint")}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Waiting for your passkey..." : "Add a passkey"}
      </Button>
    </Form>
  );
}
