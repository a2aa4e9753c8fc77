import { useEffect, useRef, useState } from "react";
import { Share } from "#app/components/ui/icons.ts";

type Shared = "idle" | "copied" | "manual";

/**
 * Share: the phone's own share sheet (Web Share API) where the browser has one, else the link copied to the
 * clipboard with a visible "Link copied" that screen readers hear (a status region). Where neither is allowed
 * (no clipboard, or a tap made before the page was ready that the browser no longer counts as the user's), the link
 * is shown selected, to copy by hand. Only with JavaScript: without it the button is not drawn (.needs-scripts),
 * and with it the button is in the server's HTML from the first paint, so nothing moves when React starts; a tap
 * before then is replayed once it has (decision 064).
 */
export function ShareListingButton({ url, title }: { url: string; title: string }) {
  const [shared, setShared] = useState<Shared>("idle");
  const manual = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (shared === "manual") manual.current?.select();
    if (shared !== "copied") return;
    const timer = setTimeout(() => setShared("idle"), 5000);
    return () => clearTimeout(timer);
  }, [shared]);

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is the member's choice, not a failure.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setShared("copied");
    } catch {
      setShared("manual");
    }
  }

  return (
    <div className="needs-scripts flex-col items-start gap-2">
      <button
        type="button"
        onClick={share}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 hover:underline"
      >
        <Share className="size-4" aria-hidden="true" />
        Share
      </button>
      <p role="status" className="text-sm font-semibold text-brand-800">
        {shared === "copied" ? "Link copied" : ""}
      </p>
      {shared === "manual" && (
        <label className="block w-full text-sm text-muted">
          Copy this link
          <input
            ref={manual}
            readOnly
            value={url}
            className="mt-1 block h-11 w-full rounded-lg border border-line bg-white px-3 text-ink"
          />
        </label>
      )}
    </div>
  );
}
