import { data } from "react-router";
import type { Route } from "./+types/my-swaps.$id.meeting-ics";
import { appContext } from "../context";
import { requireUser } from "../lib/require-user.server";
import { findMeetingCalendar } from "#core/swaps/meeting-calendar.ts";

/** The agreed time and place as a calendar file (.ics), for the swap's two members only; anyone else gets 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const ics = await findMeetingCalendar(ctx.db, {
    swapId: params.id,
    userId: user.id,
    now: ctx.clock.now(),
    appUrl: ctx.env.APP_URL,
  });
  if (!ics) throw data("Not found", { status: 404 });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="swapshed-swap.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
