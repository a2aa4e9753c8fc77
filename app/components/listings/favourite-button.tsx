import { Heart } from "#app/components/ui/icons.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useFetcher, useLocation } from "react-router";

/**
 * Saves or un-saves a listing. A plain form underneath (works without JavaScript); with JavaScript
 * the heart changes at once and the server's answer follows.
 */
export function FavouriteButton({
  listingId,
  isFavourite,
  title,
  size = "sm",
}: {
  listingId: string;
  isFavourite: boolean;
  title: string;
  size?: "sm" | "md";
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.formData?.get("favourite");
  const on = pending != null ? pending === "true" : isFavourite;
  const label = on ? `Remove ${title} from favourites` : `Save ${title} to favourites`;
  return (
    <fetcher.Form method="post" action={`/listings/${listingId}/favourite`}>
      <input type="hidden" name="favourite" value={on ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="via" value="fetcher" />}
      <button
        type="submit"
        aria-pressed={on}
        aria-label={label}
        title={label}
        className={`favourite-button ${size === "sm" ? "size-9" : "size-11"}`}
      >
        <Heart className={`size-5 ${on ? "fill-red-600 text-red-600" : "text-muted"}`} aria-hidden="true" />
      </button>
    </fetcher.Form>
  );
}
