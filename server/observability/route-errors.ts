import { data, isRouteErrorResponse, type RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "#app/context.ts";
import { recordRequestError } from "#core/logs/record-request-error.ts";

type Handler = (args: { request: Request; context: RouterContextProvider }) => Promise<unknown>;

/** What routes throw on purpose (redirects, `data()` refusals, 404s): React Router's to answer, not errors. */
function intended(thrown: unknown): boolean {
  return (
    thrown instanceof Response ||
    isRouteErrorResponse(thrown) ||
    (typeof thrown === "object" && thrown !== null && (thrown as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/** The body of the 500 a failed loader or action answers: the error boundary shows the member this id. */
export type RequestErrorData = { requestId: string };

function guard(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (thrown) {
      if (intended(thrown)) throw thrown;
      const ctx = args.context.get(appContext);
      const user = await ctx.getUser().catch(() => null);
      await recordRequestError(ctx, {
        requestId: ctx.requestId,
        request: args.request,
        error: thrown,
        userId: user?.id,
      });
      // An error response, not the error: React Router passes it to the boundary as it is (an Error would be
      // replaced by "Unexpected Server Error" in production), on a page load and on a client navigation alike.
      throw data({ requestId: ctx.requestId } satisfies RequestErrorData, { status: 500 });
    }
  };
}

/**
 * The server build with every route's loader and action guarded: an unexpected error is recorded for the
 * System Logs (with the request's id) and answered as a 500 that carries the id to the error page.
 */
export function recordRouteErrors(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module } as Record<string, unknown>;
    if (typeof module.loader === "function") module.loader = guard(module.loader as Handler);
    if (typeof module.action === "function") module.action = guard(module.action as Handler);
    routes[id] = { ...route, module: module as unknown as typeof route.module };
  }
  return { ...build, routes };
}
