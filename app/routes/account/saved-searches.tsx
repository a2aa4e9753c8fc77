import { Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/saved-searches";
import { appContext } from "#app/context.ts";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { FormError } from "#app/components/forms/form-error.tsx";
import { SavedSearchRow } from "#app/components/saved-searches/saved-search-row.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { toSearchQuery } from "#core/listings/search-query.ts";
import { parseSearchParams } from "#core/listings/search-params.ts";
import { changeSavedSearch, type SavedSearchChange } from "#core/saved-searches/change-saved-search.ts";
import { deleteSavedSearch } from "#core/saved-searches/delete-saved-search.ts";
import { findSavedSearches } from "#core/saved-searches/find-saved-searches.ts";
import { saveSearch } from "#core/saved-searches/save-search.ts";
import { MAX_SAVED_SEARCHES } from "#core/saved-searches/saved-search-rules.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Saved searches | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const url = new URL(request.url);
  return {
    searches: await findSavedSearches(ctx.db, { userId: user.id }),
    // "Delete" asks first: the link opens this page with the search to confirm (works without JavaScript).
    confirmDelete: url.searchParams.get("delete"),
    renaming: url.searchParams.get("rename"),
  };
}

/** The results page a save came from (its fields are the search), to go back to with the outcome. */
function searchPageOf(form: Readonly<Record<string, string | undefined>>) {
  const query = toSearchQuery({ ...parseSearchParams(form), sort: undefined });
  return query ? `/search?${query}` : "/search";
}

const MESSAGES = {
  rename: "Search renamed",
  frequency: "How often we tell you is saved",
  pause: "Search paused: we won't tell you about new matches until you resume it",
  resume: "Search resumed",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  const intent = form.intent ?? "";
  if (intent === "save") {
    // "Save this search" (and "Tell me when one is listed") from a results page: a visitor signs in, then comes
    // back to the same search to save it.
    const back = searchPageOf(form);
    const user = await ctx.getUser();
    if (!user) throw redirect(`/auth?${new URLSearchParams({ redirectTo: back })}`);
    return runAction(
      () => saveSearch(ctx.db, { userId: user.id, fields: form }),
      ({ created }) =>
        redirectWithFlash(ctx, back, {
          type: "success",
          message: created
            ? "Search saved. We'll tell you when a new listing matches: see My Account → Saved searches."
            : "You've already saved this search.",
        }),
      { onRefusal: (refusal) => redirectWithFlash(ctx, back, { type: "error", message: refusal.message }) },
    );
  }
  const user = await requireUser(ctx, request);
  const savedSearchId = form.id ?? "";
  if (intent === "delete")
    return runAction(
      () => deleteSavedSearch(ctx.db, { userId: user.id, savedSearchId }),
      () => redirectWithFlash(ctx, "/account/saved-searches", { type: "success", message: "Saved search deleted" }),
    );
  const change: SavedSearchChange | null =
    intent === "rename"
      ? { kind: "rename", name: form.name }
      : intent === "frequency"
        ? { kind: "frequency", frequency: form.frequency }
        : intent === "pause" || intent === "resume"
          ? { kind: intent }
          : null;
  if (!change) throw new Response("Unknown action", { status: 400 });
  return runAction(
    () => changeSavedSearch(ctx.db, { userId: user.id, savedSearchId, change }),
    () =>
      redirectWithFlash(ctx, "/account/saved-searches", {
        type: "success",
        message: MESSAGES[change.kind],
      }),
    { echo: () => ({ id: savedSearchId, intent }) },
  );
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { searches, confirmDelete, renaming } = loaderData;
  // A refused rename or frequency names its search, so the row shows the message and keeps its box open.
  const refused = actionData as
    | { error?: string; fields?: Record<string, string>; id?: string; intent?: string }
    | undefined;
  const failedOn = refused?.id ?? null;
  return (
    <AccountSection
      id="saved-searches"
      title="Saved searches"
      intro={`We tell you when a new listing matches one of your searches, as often as you choose. Save up to ${MAX_SAVED_SEARCHES} searches with “Save this search” on any results page; what you'd swap your listings for and your Looking for list are here too.`}
    >
      <p className="mt-3 text-sm">
        <Link to="/matches" className="font-medium text-brand-700 underline">
          See Matches for you
        </Link>
        : listings you want from members who want what you have.
      </p>
      <FormError message={actionData?.error} className="mt-4" />
      {searches.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          You haven't saved a search yet.{" "}
          <Link to="/search" className="font-medium text-brand-700 underline">
            Search for something
          </Link>
          , then choose “Save this search”.
        </p>
      ) : (
        <ul aria-label="Saved searches" className="mt-4 divide-y divide-line rounded-xl border border-line">
          {searches.map((search) => (
            <SavedSearchRow
              key={search.id}
              search={search}
              busy={busy}
              confirmingDelete={confirmDelete === search.id}
              renaming={renaming === search.id || (failedOn === search.id && refused?.intent === "rename")}
              nameError={failedOn === search.id ? refused?.fields?.name : undefined}
            />
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
