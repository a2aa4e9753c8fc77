import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { appContext } from "./context";
import { deferBoot } from "./lib/deferred-boot.server";
import {
  hasHydrationData,
  primeStreamTransfer,
  readHydrationData,
  restoreHydrationStream,
} from "./lib/hydration-data.server";
import { NonceProvider } from "./lib/nonce";
import { logger } from "#core/shared/logger.ts";
import { recordRequestError } from "#core/logs/record-request-error.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The CSP allows only scripts carrying this request's nonce (set by the Hono app).
  const nonce = loadContext.get(appContext).nonce;
  const document = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );

  // Loader data without deferred promises (every page today): one synchronous renderToString, the same
  // markup the streaming renderer produces once everything is ready, at well under half its CPU cost
  // (see lib/hydration-data.server.ts). A shell error throws here, as onShellError rejects below.
  const data = await readHydrationData(routerContext);
  if (data?.complete) {
    primeStreamTransfer(routerContext, data);
    // The framework's modules load after the first paint (lib/deferred-boot.server.ts).
    // Bytes, not a string: a string body is re-checked for lone surrogates and encoded again by the Response.
    const html = deferBoot(Buffer.from(`<!DOCTYPE html>${renderToString(document)}`));
    if (hasHydrationData(html)) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      return new Response(html, { headers: responseHeaders, status: responseStatusCode });
    }
  }
  if (data) restoreHydrationStream(routerContext, data);
  return streamDocument(document, request, responseStatusCode, responseHeaders, routerContext, nonce);
}

/** Deferred data (or anything the fast path could not finish): React's streaming render, as before. */
function streamDocument(
  document: React.ReactElement,
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  nonce: string,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error("render error", { error: String((error as Error)?.stack ?? error) });
      },
    });
  });
}

/**
 * Errors React Router meets outside the guarded loaders and actions (server/observability/route-errors.ts):
 * a page that fails to render. Recorded for System Logs under the request's id, which the root loader gave
 * the error page. Its own 404s and the guards' error responses are answers, not errors.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    logger.error("request error", {
      url: request.url,
      error: String((error as { error?: Error }).error?.stack ?? error.statusText),
    });
    return;
  }
  const ctx = context.get(appContext);
  void recordRequestError(ctx, { requestId: ctx.requestId, request, error });
}
