import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { RequestReference, requestIdOf } from "../layout/request-reference";

/**
 * A back-office page whose data could not be read: the spec's failure text, said plainly. A staff member whose
 * role may not open the page gets the guard's 'Only admins can ...' instead, still inside the back office.
 */
export function LoadError({ message }: { message: string }) {
  const error = useRouteError();
  const refused =
    isRouteErrorResponse(error) && error.status === 403 ? (error.data as { refused?: unknown })?.refused : null;
  if (typeof refused === "string") return <StaffRefused message={refused} />;
  const requestId = requestIdOf(error);
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
      <p className="font-semibold text-danger">{message}</p>
      <p className="mt-1 text-ink">
        Try again in a moment. If it keeps happening, the System Health card on the Dashboard may say why.
      </p>
      <RequestReference requestId={requestId} className="mt-2" />
    </div>
  );
}

/**
 * A back-office page's error boundary: `failure` when its data could not be read, `notFound` (on a detail page)
 * when the id names nothing. One factory for every page, so each says only its own words.
 */
export function adminErrorBoundary({ failure, notFound }: { failure: string; notFound?: string }) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route module, at import (`export const ErrorBoundary = ...`), never while rendering
  return function AdminErrorBoundary() {
    const error = useRouteError();
    const missing = notFound !== undefined && isRouteErrorResponse(error) && error.status === 404;
    return <LoadError message={missing ? notFound : failure} />;
  };
}

/** The page a staff member may not open: why, and the way back to what they may do. */
export function StaffRefused({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm">
      <p className="font-semibold text-ink">{message}</p>
      <p className="mt-1 text-ink">
        Your role does not include this page. Ask an admin if you need something from it, or go back to the{" "}
        <Link to="/admin" className="font-medium text-brand-800 underline">
          Dashboard
        </Link>
        .
      </p>
    </div>
  );
}
