import { Form } from "react-router";
import type { ReactNode } from "react";
import { Button } from "../ui/button";

/**
 * A form that is one outline button posting `intent` to the page's action (Resend link, Remove picture): a plain
 * form, so it works before the page's scripts load.
 */
export function IntentButton({ intent, busy, children }: { intent: string; busy: boolean; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="outline" disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}
