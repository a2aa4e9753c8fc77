import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { StaffThreadLines } from "#app/components/admin/moderation/staff-thread-lines.tsx";
import { appContext } from "#app/context.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import type { StaffAction } from "#core/staff/permissions.ts";
import { viewSwapThread } from "#core/swaps/view-swap-thread.ts";
import type { Route } from "./+types/swaps.$id.thread";

/**
 * A swap's thread, for a problem a member reported on it (decision 097): the latest 100 lines as written. Reached
 * from the swap's page only while it has a reported problem; each opening writes an audit row.
 */
export const permission: StaffAction = "view_swap_thread";

export const handle: AdminHandle = {
  breadcrumb: "Conversation",
  parent: { label: "Swaps", to: "/admin/swaps" },
};
export const meta: Route.MetaFunction = () => [{ title: "Swap conversation | SwapShed back office" }];

/** Each load is a reading of members' messages, audited: never loaded again behind the staff member's back. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const view = await viewSwapThread(ctx.db, { actor: staff, swapId: params.id });
  if (!view) throw data("Conversation not found", { status: 404 });
  return {
    swapId: params.id,
    listingTitle: view.listingTitle,
    lines: view.lines.map((line) => ({ ...line, createdAt: sydneyDateTime(line.createdAt) })),
  };
}

export default function SwapThread({ loaderData }: Route.ComponentProps) {
  const { swapId, listingTitle, lines } = loaderData;
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <p className="text-sm">
          <Link to={`/admin/swaps/${swapId}`} className="text-muted hover:underline">
            ← Back to the swap
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">Swap conversation</h1>
        <p className="text-sm text-muted wrap-anywhere">
          About {listingTitle}. As written: contact details are not masked here. Opening this page is recorded in the
          audit log.
        </p>
      </div>
      <section aria-labelledby="lines-heading" className="rounded-lg border border-line bg-white p-4">
        <h2 id="lines-heading" className="font-semibold">
          Latest messages <span className="font-normal text-muted">(oldest first)</span>
        </h2>
        {lines.length === 0 ? (
          <p className="mt-3 text-sm">Nobody has written in this conversation yet.</p>
        ) : (
          <StaffThreadLines lines={lines} />
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  failure: "Failed to fetch the conversation",
  notFound: "Conversation not found",
});
