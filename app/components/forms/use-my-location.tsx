import { useState } from "react";
import type { Locality } from "#core/locations/localities.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Navigation } from "../ui/icons";

type Props = {
  /** The suburb the browser's position is in. */
  onFound: (locality: Locality) => void;
  /** What to tell the person while it works, and why it did not ("" when there is nothing to say). */
  onMessage: (message: string) => void;
};

const UNAVAILABLE = "We couldn't get your location. Type your suburb or postcode instead.";
const DENIED = "Location access is off for this site. Type your suburb or postcode instead.";

/**
 * "Use my location": the browser asks for the position only when this is pressed, and the server names the
 * suburb it is in (GET /api/v1/localities/nearest). Absent without JavaScript (before the page's scripts run,
 * too) and in browsers without geolocation, so it is never a button that does nothing; a refusal says so.
 */
export function UseMyLocation({ onFound, onMessage }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (!hydrated || typeof navigator === "undefined" || !("geolocation" in navigator)) return null;

  function locate() {
    if (busy) return;
    setBusy(true);
    onMessage("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        try {
          const query = new URLSearchParams({ latitude: String(coords.latitude), longitude: String(coords.longitude) });
          const response = await fetch(`/api/v1/localities/nearest?${query}`, {
            headers: { accept: "application/json" },
          });
          const body = (await response.json().catch(() => ({}))) as { locality?: Locality; error?: string };
          if (response.ok && body.locality) {
            onFound(body.locality);
            onMessage("");
          } else onMessage(body.error ?? UNAVAILABLE);
        } catch {
          onMessage(UNAVAILABLE);
        } finally {
          setBusy(false);
        }
      },
      (error) => {
        onMessage(error.code === error.PERMISSION_DENIED ? DENIED : UNAVAILABLE);
        setBusy(false);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }

  return (
    <button
      type="button"
      onClick={locate}
      aria-label="Use my location"
      title="Use my location"
      aria-busy={busy || undefined}
      className="absolute right-0 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
    >
      <Navigation className={`size-5 ${busy ? "animate-pulse" : ""}`} aria-hidden="true" />
    </button>
  );
}
