import { CircleCheck } from "#app/components/ui/icons.ts";
import { useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * Where Propose Swap would be, once the member has a pending proposal for this listing: a second one would be refused.
 * `focusOnMount`: it has just replaced the Propose Swap button (the proposal was sent from the dialog), so focus,
 * which was on that button, comes here instead of falling to <body> (N23).
 */
export function AlreadyProposed({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it first appears
  useEffect(() => {
    if (focusOnMount) box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-brand-800">
        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
        You've proposed a swap for this item
      </p>
      <p className="mt-1 text-ink">
        The owner has been told.{" "}
        <Link to="/my-swaps?tab=sent" className="font-semibold text-brand-700 underline">
          See it in My Swaps
        </Link>
      </p>
    </div>
  );
}
