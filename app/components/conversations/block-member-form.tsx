import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/**
 * "Block <name>": a disclosure (it opens without JavaScript) that says what blocking does before the button that
 * does it. It is lifted from My Account's Blocked members.
 */
export function BlockMemberForm({ name }: { name: string }) {
  return (
    <details className="mt-4 rounded-2xl border border-line bg-white p-4 text-sm">
      <summary className="cursor-pointer py-1 font-semibold text-muted">Block {name}</summary>
      <Form method="post" className="mt-3 space-y-3">
        <p className="text-muted">
          Neither of you will be able to send messages or propose swaps to the other, and you won't see Message on each
          other's listings. This conversation stays here to read. {name} isn't told; you can unblock them in My Account
          at any time.
        </p>
        <input type="hidden" name="intent" value="block" />
        <Button type="submit" variant="outline" size="sm" className="text-danger">
          Block {name}
        </Button>
      </Form>
    </details>
  );
}
