import { ActionDialog, CloseLink } from "../action-dialog";
import { ExportButton, type ExportTexts } from "../export-button";

const LOGS_BUNDLE_TEXTS: ExportTexts = {
  label: "Export Logs Bundle",
  busy: "Exporting...",
  success: (response) => `Logs exported: ${response.headers.get("x-total-entries") ?? "0"} total entries`,
  failure: "Failed to export logs",
  fallbackName: "logs-bundle.json",
};

/** Staff download the last `days` days of the audit trail, payment logs and security events, warned what it holds. */
export function ExportLogsDialog({ days, closeTo }: { days: number; closeTo: string }) {
  return (
    <ActionDialog
      title="Export Logs Bundle"
      closeTo={closeTo}
      description={`Downloads the audit trail, payment logs and security events of the last ${days} days as one JSON file. It holds members' addresses and account ids: keep it where staff data belongs, and delete it when done.`}
    >
      {/* Cancel beside the download, as in every other dialog (Escape and a click outside close it too). */}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <CloseLink to={closeTo}>Cancel</CloseLink>
        <ExportButton action="/admin/tools/logs-bundle" texts={LOGS_BUNDLE_TEXTS} closeTo={closeTo} />
      </div>
    </ActionDialog>
  );
}
