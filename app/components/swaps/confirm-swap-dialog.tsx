import { Form, useNavigation } from "react-router";
import { ActionDialog, DialogButtons } from "../admin/action-dialog";

export type ConfirmIntent = "accept" | "decline" | "withdraw";
export type ConfirmingSwap = {
  id: string;
  otherName: string | null;
  /** What this member gives and gets, a bundle's titles joined ("Kayak + Paddle"). */
  mine: string;
  theirs: string;
};

/** What each step asks and what its confirm button says: the member reads what will happen before it does. */
function wording(intent: ConfirmIntent, swap: ConfirmingSwap) {
  const name = swap.otherName ?? "the other member";
  if (intent === "accept") {
    return {
      title: "Accept this swap?",
      description: `You swap your ${swap.mine} for ${name}'s ${swap.theirs}. You then both have 48 hours to pay the $9.99 handshake fee, and other open proposals for these listings are declined.`,
      confirm: "Yes, accept swap",
      danger: false,
    };
  }
  if (intent === "decline") {
    return {
      title: "Decline this swap?",
      description: `${name}'s offer of ${swap.theirs} for your ${swap.mine} is declined and ${name} is told. This cannot be undone.`,
      confirm: "Yes, decline",
      danger: true,
    };
  }
  return {
    title: "Withdraw your proposal?",
    description: `Your offer of ${swap.mine} for ${name}'s ${swap.theirs} is withdrawn, so ${name} can no longer accept it. This cannot be undone.`,
    confirm: "Yes, withdraw",
    danger: true,
  };
}

/**
 * The second step of Accept, Decline and Withdraw. It is a page state (`?confirm=...&swap=...`), so it works
 * without JavaScript (Cancel is a link back); with JavaScript, focus moves into it and Escape closes it. Its
 * form carries `confirm=yes`, which the action requires before it changes anything.
 */
export function ConfirmSwapDialog({
  intent,
  swap,
  tab,
  closeTo,
}: {
  intent: ConfirmIntent;
  swap: ConfirmingSwap;
  tab: "received" | "sent";
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("swapId") === swap.id;
  const words = wording(intent, swap);
  return (
    <ActionDialog title={words.title} description={words.description} closeTo={closeTo}>
      <Form method="post" action="/my-swaps">
        <input type="hidden" name="swapId" value={swap.id} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name="confirm" value="yes" />
        <DialogButtons confirm={words.confirm} closeTo={closeTo} danger={words.danger} busy={busy} />
      </Form>
    </ActionDialog>
  );
}
