import { isRouteErrorResponse } from "react-router";
import { RequestReference, requestIdOf } from "./request-reference";
import { ButtonLink } from "../ui/button";
import { PageNotFound } from "./page-not-found";

/**
 * A page's error boundary inside the site's header and footer: a 404 its loader threw (a missing listing)
 * is the site's 404 page; anything else the spec's error screen. Details stay in the server log.
 */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound />;
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 py-20">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-3 text-muted">An unexpected error occurred. Don't worry, your data is safe.</p>
        <RequestReference requestId={requestIdOf(error)} className="mt-3" />
        <ButtonLink to="/" reloadDocument className="mt-6">
          Return to Home
        </ButtonLink>
      </div>
    </main>
  );
}
