import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/**
 * "Block <name>": a disclosure (it opens without JavaScript) that says what blocking does before the button that
 * does it. It is lifted from My Account's Blocked members.
 */
export function BlockMemberForm({ name }: { name: string }) {
  return (
    <details className="mt-4 rounded-2xl border border-line bg-white p-4 text-sm">
      <summary className="cursor-pointer py-3 font-semibold text-muted">Block {name}</summary>
      <Form method="post" className="mt-3 space-y-3">
        <p className="text-muted">
          Neither of you will be able to send messages or propose swaps to the other, and you won't see Message on each
          other's listings. This conversation stays here to read. {name} isn't told; you can unblock them in My Account
          at any time.
        </p>
        <input type="hidden" name="intent" value="block" />
        {/* A long name wraps inside the button rather than pushing it past a phone's edge. */}
        <Button
          type="submit"
          variant="outline"
          className="h-auto min-h-11 max-w-full whitespace-normal py-2 text-danger"
        >
          Block {name}
        </Button>
      </Form>
    </details>
  );
}
