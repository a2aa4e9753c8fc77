import { useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { toast } from "../../lib/toast";
import { Download } from "../ui/icons";

/**
 * A download made by a back-office POST (a member's data, the logs bundle). Without JavaScript the form posts and
 * the browser saves the file the server sends; with it, the same POST is fetched so the page can say it worked
 * (`success`, which may read the response's headers) or why not, and then leave a dialog (`closeTo`).
 */
export function ExportButton({
  action,
  label = "Export user data",
  success = () => "User data exported",
  failure = "Failed to export user data",
  fallbackName = "user-data.json",
  closeTo,
}: {
  action: string;
  label?: string;
  success?: (response: Response) => string;
  failure?: string;
  fallbackName?: string;
  closeTo?: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch(action, { method: "POST", body: new FormData(event.currentTarget) });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        toast.error(body?.error ?? failure);
        return;
      }
      const name = response.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement("a"), { href: url, download: name });
      link.click();
      URL.revokeObjectURL(url);
      toast.success(success(response));
      if (closeTo) navigate(closeTo, { replace: true, preventScrollReset: true });
    } catch {
      toast.error(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={action} onSubmit={onSubmit}>
      <button type="submit" disabled={busy} className="inline-flex h-9 items-center gap-1.5 rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-surface disabled:opacity-60">
        <Download className="size-4" /> {busy ? "Exporting..." : label}
      </button>
    </form>
  );
}
