import { Form } from "react-router";
import { Button } from "../ui/button";

/**
 * Under a suspended member's sign-in refusal (decision 097): their one way to ask for the suspension to be looked
 * at again. The token travels in a form post, never in an address (history, logs, a Referer header).
 */
export function AppealOffer({ token }: { token: string }) {
  return (
    <Form
      method="post"
      action="/appeal"
      className="mt-4 rounded-lg border border-line bg-surface px-4 py-3 text-sm"
      aria-labelledby="appeal-offer-title"
    >
      <p id="appeal-offer-title" className="font-semibold">
        Think we got this wrong?
      </p>
      <p className="mt-1 text-muted">
        You can appeal once. Someone who wasn't involved in the suspension will look at it again.
      </p>
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="token" value={token} />
      <Button type="submit" variant="outline" className="mt-3">
        Appeal this decision
      </Button>
    </Form>
  );
}
