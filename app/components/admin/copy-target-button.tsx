import { toast } from "#app/lib/toast.ts";

/** The logs' View Record action: copies what the event is about (its target id) and says so. */
export function CopyTargetButton({ targetId }: { targetId: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(targetId);
      toast.success("Target ID copied");
    } catch {
      toast.error("Failed to copy target ID", { description: targetId });
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      className="whitespace-nowrap rounded-md border border-line bg-white px-2 py-1 text-xs font-medium hover:bg-surface"
    >
      View Record<span className="sr-only">: copy target ID {targetId}</span>
    </button>
  );
}
