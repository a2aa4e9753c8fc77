import { Lock } from "#app/components/ui/icons.ts";
import { Form, Link, useNavigation } from "react-router";
import { isDeletable, whyNotEditable } from "#core/listings/listing-edit-rules.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Button, ButtonLink } from "../ui/button";
import { DeleteListingButton } from "./delete-listing-button";

const CONFIRM_DELETE = "Are you sure you want to delete this listing?";

/** What a listing's owner sees where others see Propose Swap: what they can do with it now, or why not. */
export function OwnerActions({
  listingId,
  title = "This listing",
  status,
  confirming,
}: {
  listingId: string;
  title?: string;
  status: string;
  confirming: boolean;
}) {
  const locked = whyNotEditable(status);
  return (
    <section aria-labelledby="manage-heading" className="mt-6 rounded-2xl border border-line bg-surface p-4">
      <h2 id="manage-heading" className="font-semibold">
        This is your listing
      </h2>
      {locked ? (
        <>
          <p className="mt-2 flex items-start gap-2 text-sm text-ink">
            <Lock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
            <span>
              {locked} {status === "reserved" ? "It can't be deleted while the swap is open either." : ""}
            </span>
          </p>
          <Link to="/my-swaps" className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
            See the swap in My Swaps
          </Link>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Members can find it and propose swaps. Change it, or delete it if it's gone.
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={`/listings/${listingId}/edit`} className="sm:flex-1">
              Edit listing
            </ButtonLink>
            {isDeletable(status) && <DeleteListing confirming={confirming} listingId={listingId} title={title} />}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * Delete, after the spec's question: the browser asks it once the page runs JavaScript; a Delete sent before that
 * (or without it) gets the same question on the page, and nothing is deleted until it is answered.
 */
function DeleteListing({ confirming, listingId, title }: { confirming: boolean; listingId: string; title: string }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const deleting = navigation.formData?.get("intent") === "delete";
  if (confirming) {
    return (
      <Form method="post" className="space-y-2 sm:flex-1">
        <p role="alert" className="text-sm font-semibold">
          {CONFIRM_DELETE}
        </p>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirmed" value="yes" />
        <div className="flex gap-2">
          <Button type="submit" variant="outline" className="flex-1 text-danger" disabled={deleting}>
            {deleting ? "Deleting..." : "Delete"}
          </Button>
          <ButtonLink to={`/listings/${listingId}`} variant="outline" className="flex-1">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    );
  }
  // The spec's question in a styled dialog, as on My Listings (N24).
  return (
    <DeleteListingButton
      fields={{ intent: "delete" }}
      title={title}
      deleting={deleting}
      hydrated={hydrated}
      label="Delete listing"
      className="sm:flex-1"
      size="md"
    />
  );
}
