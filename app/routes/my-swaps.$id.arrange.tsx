import { redirect } from "react-router";
import type { Route } from "./+types/my-swaps.$id.arrange";
import { appContext } from "../context";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { agreeMeeting } from "#core/swaps/agree-meeting.ts";
import { confirmSwapped } from "#core/swaps/confirm-swapped.ts";
import { proposeMeeting } from "#core/swaps/propose-meeting.ts";
import { isUuid } from "#core/shared/ids.ts";

export function loader() {
  return redirect("/my-swaps");
}

/** Where the member goes back to: the swap's thread or My Swaps (never anywhere else). */
function backTo(value: string | undefined): string {
  if (value?.startsWith("/messages/") && isUuid(value.slice("/messages/".length))) return value;
  return value === "/my-swaps?tab=sent" ? value : "/my-swaps";
}

const OUTCOMES = {
  propose: "Time and place sent",
  agree: "Agreed: it's in your calendar file below",
  swapped: "Thanks: you've confirmed the swap",
} as const;

/**
 * The steps of an arranging swap (decision 096): propose (or suggest another) time and place, agree to it, and
 * "We've swapped". Each answers with a redirect back and a toast, with or without JavaScript.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const back = backTo(form.back);
  const intent = form.intent ?? "";
  if (!Object.hasOwn(OUTCOMES, intent))
    return redirectWithFlash(ctx, back, { type: "error", message: "An unexpected error occurred." });
  const deps = { db: ctx.db, clock: ctx.clock, env: ctx.env };
  return runAction(
    async () => {
      if (intent === "propose")
        return proposeMeeting(deps, {
          swapId: params.id,
          actorId: user.id,
          form: { meetAt: form.meetAt, place: form.place },
        }).then(() => OUTCOMES.propose);
      if (intent === "agree")
        return agreeMeeting(deps, { swapId: params.id, meetingId: form.meetingId ?? "", actorId: user.id }).then(
          () => OUTCOMES.agree,
        );
      const { completed } = await confirmSwapped(deps, { swapId: params.id, actorId: user.id });
      return completed ? "The swap is complete. You can now leave a review." : OUTCOMES.swapped;
    },
    (message) => redirectWithFlash(ctx, back, { type: "success", message }),
    { onRefusal: ({ message }) => redirectWithFlash(ctx, back, { type: "error", message }) },
  );
}
