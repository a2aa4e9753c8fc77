import { useRouteError } from "react-router";
import { RequestReference, requestIdOf } from "../layout/request-reference";

/** A back-office page whose data could not be read: the spec's failure text, said plainly. */
export function LoadError({ message }: { message: string }) {
  const requestId = requestIdOf(useRouteError());
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
      <p className="font-semibold text-danger">{message}</p>
      <p className="mt-1 text-ink">Try again in a moment. If it keeps happening, the System Health card on the Dashboard may say why.</p>
      <RequestReference requestId={requestId} className="mt-2" />
    </div>
  );
}
