import { data, redirect } from "react-router";
import type { Route } from "./+types/listings.$id.report";
import { appContext } from "../context";
import { REPORT_SENT, ReportListingForm } from "../components/listings/report-listing-form";
import { Container } from "../components/ui/container";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { runAction } from "../lib/run-action.server";
import { findListing } from "#core/listings/find-listing.ts";
import { isOwnListing, isReportingOn } from "#core/moderation/can-report.ts";
import { reportListing } from "#core/moderation/report-listing.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Report listing | SwapShed" },
  { name: "robots", content: "noindex" },
];

const signInFirst = (id: string) => redirect(`/auth?redirectTo=${encodeURIComponent(`/listings/${id}`)}`);

/** The report form on a page of its own: where the inline form lands without JavaScript, and a direct link. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await ctx.getUser();
  if (!user) throw signInFirst(params.id);
  if (!(await isReportingOn(ctx.db))) throw data("Not found", { status: 404 });
  const listing = await findListing(ctx.db, { id: params.id, viewer: { userId: user.id } });
  if (!listing) throw data("Listing not found", { status: 404 });
  if (isOwnListing(user.id, listing.ownerId)) throw redirect(`/listings/${listing.id}`);
  return { listing: { id: listing.id, title: listing.title, ownerName: listing.ownerName } };
}

/** Works from the listing page (fetcher) and from this page without JavaScript: same use case, same messages. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await ctx.getUser();
  if (!user) return signInFirst(params.id);
  const form = await readForm(request);
  return runAction(
    () =>
      reportListing(ctx, {
        reporterId: user.id,
        listingId: params.id,
        reason: form.reason,
        notes: form.notes,
        evidence: form.evidence,
      }),
    async ({ hidden }) =>
      form.via === "fetcher"
        ? { ok: true as const }
        : // A report that hid the listing (auto takedown) leaves the reporter nothing to go back to: home, with the thanks.
          redirectWithFlash(ctx, hidden ? "/" : `/listings/${encodeURIComponent(params.id)}`, {
            type: "success",
            message: REPORT_SENT,
          }),
    { unexpected: { message: "Failed to send report", log: "report failed" } },
  );
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="bg-surface py-10">
      <Container className="max-w-xl">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Report listing</h1>
          <p className="mt-1 text-sm text-muted">
            <span className="font-semibold text-ink">{loaderData.listing.title}</span> from{" "}
            {loaderData.listing.ownerName ?? "Unknown"}
          </p>
          <div className="mt-6">
            <ReportListingForm
              listingId={loaderData.listing.id}
              answer={actionData && "error" in actionData ? actionData : undefined}
            />
          </div>
        </div>
      </Container>
    </main>
  );
}
