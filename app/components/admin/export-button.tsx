import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Download } from "../ui/icons";

/** Set by the server on a download when few requests are left (app/lib/staff-action.server.ts says the same). */
const RATE_LIMIT_WARNING_HEADER = "X-Rate-Limit-Warning";

/** `success` may read the response (e.g. a count the server sends in a header). */
export type ExportTexts = {
  label: string;
  busy: string;
  success: string | ((response: Response) => string);
  failure: string;
  fallbackName: string;
};

const USER_DATA: ExportTexts = {
  label: "Export user data",
  busy: "Exporting...",
  success: "User data exported",
  failure: "Failed to export user data",
  fallbackName: "user-data.json",
};

/**
 * Downloads a file the server makes (a member's data, a logs CSV, the logs bundle). Without JavaScript the form
 * posts and the browser saves the file the server sends; with it, the same POST is fetched so the page can say it
 * worked (or why not), and then leave a dialog (`closeTo`). `children` are the form's hidden fields.
 */
export function ExportButton({
  action,
  texts = USER_DATA,
  closeTo,
  children,
  ariaLabel,
  small = false,
}: {
  action: string;
  texts?: ExportTexts;
  closeTo?: string;
  children?: ReactNode;
  /** The button's accessible name when its label alone is ambiguous (one per chart). */
  ariaLabel?: string;
  small?: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    setBusy(true);
    try {
      // Accept: JSON, so that a refusal comes back as { error } for the toast rather than as a page.
      const response = await fetch(action, {
        method: "POST",
        body: new FormData(event.currentTarget),
        headers: { Accept: "application/json" },
      });
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
      // The spec's '{n} requests remaining' when few are left, under the success text as on every other action.
      const warning = response.headers.get(RATE_LIMIT_WARNING_HEADER) ?? undefined;
      toast.success(typeof texts.success === "function" ? texts.success(response) : texts.success, {
        description: warning,
      });
      if (closeTo) navigate(closeTo, { replace: true, preventScrollReset: true });
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
        aria-label={ariaLabel}
        className={`inline-flex items-center gap-1.5 rounded-md border border-line bg-white font-medium hover:bg-surface disabled:opacity-60 ${small ? "h-8 px-2.5 text-xs" : "h-9 px-3 text-sm"}`}
      >
        {!small && <Download className="size-4" />} {busy ? texts.busy : texts.label}
      </button>
    </form>
  );
}
