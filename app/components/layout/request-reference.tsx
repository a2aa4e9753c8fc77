import { isRouteErrorResponse } from "react-router";

/** The id a failed loader or action sent with its 500 (server/observability/route-errors.ts), or null. */
export function requestIdOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const id = (error.data as { requestId?: unknown } | null)?.requestId;
  return typeof id === "string" ? id : null;
}

/** The reference of a failed request: the id its error was recorded under in System Logs. */
export function RequestReference({
  requestId,
  className = "",
}: {
  requestId: string | null | undefined;
  className?: string;
}) {
  if (!requestId) return null;
  return (
    <p className={`text-xs text-muted ${className}`}>
      If you contact us about it, quote this reference:{" "}
      <code className="select-all break-all font-mono text-ink" data-testid="request-id">
        {requestId}
      </code>
    </p>
  );
}
