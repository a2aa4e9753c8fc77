import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button, ButtonLink } from "../ui/button";
import { Container } from "../ui/container";

/**
 * Shown instead of a session when a member whose own deletion is pending signs in with the right password: they
 * may keep the account, which signs them in (the proof says they just gave every step of a sign-in: the password,
 * and the code from their app when two-step sign-in is on; it works for 10 minutes and only for this).
 */
export function KeepAccountOffer({
  proof,
  deletesOn,
  redirectTo = "",
}: {
  proof: string;
  deletesOn: string;
  redirectTo?: string;
}) {
  const busy = useNavigation().state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the member's feet (the sign-in form is gone): bring them to the news.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main" className="bg-surface py-12 sm:py-20">
      <Container className="max-w-md">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            Your account is set to be deleted
          </h1>
          <p className="mt-3 text-sm text-ink">
            Your account is set to be deleted on <strong>{deletesOn}</strong>. Until then it is hidden, and you can keep
            it.
          </p>
          <Form method="post" action="/auth/keep-account" className="mt-6 space-y-3">
            <input type="hidden" name="proof" value={proof} />
            {/* Keeping the account signs the member in: then on to where they were going. */}
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Keeping..." : "Keep my account"}
            </Button>
          </Form>
          <ButtonLink to="/" variant="ghost" className="mt-2 w-full">
            Not now
          </ButtonLink>
        </div>
      </Container>
    </main>
  );
}
