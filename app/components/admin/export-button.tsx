import { type ReactNode, useState } from "react";
import { toast } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";
import { Download } from "../ui/icons";

type ExportTexts = { label: string; busy: string; success: string; failure: string; fallbackName: string };

const USER_DATA: ExportTexts = {
  label: "Export user data",
  busy: "Exporting...",
  success: "User data exported",
  failure: "Failed to export user data",
  fallbackName: "user-data.json",
};

/**
 * Downloads a file the server makes (a member's data, a logs CSV). Without JavaScript the form posts and the
 * browser saves the file the server sends; with it, the same POST is fetched so the page can say it worked
 * (or why not). `children` are the form's hidden fields.
 */
export function ExportButton({
  action,
  texts = USER_DATA,
  children,
}: {
  action: string;
  texts?: ExportTexts;
  children?: ReactNode;
}) {
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
        toast.error(body?.error ?? texts.failure);
        return;
      }
      const name = response.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? texts.fallbackName;
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement("a"), { href: url, download: name });
      link.click();
      URL.revokeObjectURL(url);
      toast.success(texts.success);
    } catch {
      toast.error(texts.failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={action} onSubmit={onSubmit}>
      {children}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex h-9 items-center gap-1.5 rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-surface disabled:opacity-60"
      >
        <Download className="size-4" /> {busy ? texts.busy : texts.label}
      </button>
    </form>
  );
}
