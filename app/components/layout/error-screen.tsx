import { ButtonLink } from "../ui/button";
import { RequestReference } from "./request-reference";

/** The top-level error screen (and the bare 404 when even the layout failed). */
export function ErrorScreen({
  title,
  message,
  requestId,
}: {
  title: string;
  message: string;
  requestId?: string | null;
}) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-surface px-4">
      <div className="max-w-md rounded-2xl border border-line bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-3 text-muted">{message}</p>
        <RequestReference requestId={requestId} className="mt-3" />
        <ButtonLink to="/" reloadDocument className="mt-6">
          Return to Home
        </ButtonLink>
      </div>
    </main>
  );
}
