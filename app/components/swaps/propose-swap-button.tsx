import { lazy, Suspense, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { X } from "#app/components/ui/icons.ts";
import { proposeSignInHref } from "#app/lib/auth-links.ts";
import { AlreadyProposed } from "../listings/already-proposed";
import { buttonClass } from "../ui/button";
import { ModalDialog } from "../ui/modal-dialog";
import type { Offerable } from "./propose-swap-form";

// The form is only ever drawn in the browser, after a click: its code stays out of every card's first load
// and is fetched on that click, alongside the member's listings.
const loadForm = () => import("./propose-swap-form");
const ProposeSwapForm = lazy(() => loadForm().then((m) => ({ default: m.ProposeSwapForm })));

type ProposeData = {
  target: { id: string; title: string; ownerName: string | null; valueMin: number; valueMax: number };
  offerable: Offerable[];
  theirOthers: Offerable[];
  proposed: boolean;
};

/**
 * 'Propose Swap': a link to the proposal page that, with JavaScript, opens the same form in a modal
 * <dialog> instead. Visitors go to /auth with 'Please sign in to propose swaps'.
 */
export function ProposeSwapButton({
  listingId,
  title,
  signedIn,
  size = "sm",
  className = "",
}: {
  listingId: string;
  title: string;
  signedIn: boolean;
  size?: "sm" | "lg";
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ProposeData>();
  const href = signedIn ? `/listings/${listingId}/propose` : proposeSignInHref(listingId);
  const headingId = `propose-${listingId}-heading`;
  const loading = (
    <p role="status" className="py-8 text-center text-sm text-muted">
      Loading your listings...
    </p>
  );

  return (
    <>
      <Link
        to={href}
        className={buttonClass({ size }, className)}
        aria-haspopup={signedIn ? "dialog" : undefined}
        onClick={(event) => {
          if (!signedIn || !dialog.current) return;
          event.preventDefault();
          void loadForm();
          fetcher.load(href);
          dialog.current.showModal();
        }}
      >
        Propose Swap
      </Link>
      {signedIn && (
        <ModalDialog ref={dialog} labelledBy={headingId} width="wide">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id={headingId} className="text-xl font-bold">
                Propose a Swap
              </h2>
              <p className="mt-1 text-sm text-muted">
                For <span className="font-semibold text-ink">{title}</span>
              </p>
            </div>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-full p-1 hover:bg-surface"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <div className="mt-5">
            {fetcher.data?.proposed ? (
              <AlreadyProposed />
            ) : fetcher.data ? (
              <Suspense fallback={loading}>
                <ProposeSwapForm
                  targetId={listingId}
                  targetValue={{ min: fetcher.data.target.valueMin, max: fetcher.data.target.valueMax }}
                  offerable={fetcher.data.offerable}
                  theirOthers={fetcher.data.theirOthers}
                  onSent={() => dialog.current?.close()}
                />
              </Suspense>
            ) : (
              loading
            )}
          </div>
        </ModalDialog>
      )}
    </>
  );
}
