import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Eye, EyeOff } from "../ui/icons";

/**
 * "Show" beside a password box: a toggle button (aria-pressed, aria-controls the box) that switches it between
 * hidden and plain text. Its name is the visible word alone, so nothing else answers to the label "Password". It needs the page's scripts, so it is absent until they run (never a button that does nothing).
 */
export function ShowPasswordButton({
  shown,
  onToggle,
  controls,
}: {
  shown: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      aria-controls={controls}
      className="absolute inset-y-0 right-0 flex items-center gap-1 rounded-r-lg px-3 text-sm font-medium text-brand-700 outline-none hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-300"
    >
      {shown ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
      {/* The name stays "Show" while pressed: aria-pressed says whether the password is shown. */}
      Show
    </button>
  );
}
