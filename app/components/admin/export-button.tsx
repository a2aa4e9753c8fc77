import { useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { toast } from "../../lib/toast";
import { Download } from "../ui/icons";

/**
 * Downloads a member's data. Without JavaScript the form posts and the browser saves the file the server sends;
 * with it, the same POST is fetched so the page can say 'User data exported' (or why not).
 */
export function ExportButton({ action }: { action: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch(action, { method: "POST", body: new FormData(event.currentTarget) });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        toast.error(body?.error ?? "Failed to export user data");
        return;
      }
      const name = response.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? "user-data.json";
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement("a"), { href: url, download: name });
      link.click();
      URL.revokeObjectURL(url);
      toast.success("User data exported");
    } catch {
      toast.error("Failed to export user data");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={action} onSubmit={onSubmit}>
      <button type="submit" disabled={busy} className="inline-flex h-9 items-center gap-1.5 rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-surface disabled:opacity-60">
        <Download className="size-4" /> {busy ? "Exporting..." : "Export user data"}
      </button>
    </form>
  );
}
