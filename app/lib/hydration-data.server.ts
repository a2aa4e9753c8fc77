import type { EntryContext } from "react-router";

/**
 * React Router streams the loaders' data (turbo-stream) into the page through <StreamTransfer>, which
 * suspends on each chunk, so a document normally needs React's streaming renderer. That renderer encodes
 * every piece of markup to bytes as it goes and costs ~2.5x renderToString for the same page. When the data
 * is plain (no deferred promises) the stream is complete within a few microtasks: read it here first, hand
 * the chunks to StreamTransfer's per-render cache, and the document renders in one synchronous pass.
 *
 * The cache (`renderMeta.streamCache`, keyed by chunk index, each entry a promise carrying `result`) is
 * React Router's own (typed in EntryContext, filled in lib/dom/ssr/single-fetch.tsx). If a release changes
 * it, StreamTransfer reads the (by then empty) stream instead and suspends; `hasHydrationData` then fails and
 * the caller falls back to streaming with `restoreHydrationStream`, so a change costs speed, never a page
 * without its data.
 */

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;
type Read = ReadableStreamReadResult<Uint8Array>;

/** What was read from the data stream: all of it (`complete`), or the start and how to go on. */
export type HydrationData = {
  chunks: Uint8Array[];
  complete: boolean;
  /** The rest of the stream (deferred data), with the read already waiting on it. */
  rest?: { reader: ReadableStreamDefaultReader<Uint8Array>; pending: Promise<Read> };
  /** The stream failed: replayed after the chunks, as StreamTransfer would have met it. */
  error?: unknown;
};

/** The script StreamTransfer writes after the last chunk: its presence means the data made it into the page. */
const CLOSE_SCRIPT = "window.__reactRouterContext.streamController.close();";

/**
 * Reads the data stream until it ends or a macrotask passes, whichever is first. Deferred loader data keeps
 * the stream open longer; then `complete` is false and the page streams as before.
 */
export async function readHydrationData(context: EntryContext): Promise<HydrationData | null> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return null;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let timer: NodeJS.Immediate | undefined;
  const later = new Promise<"later">((resolve) => {
    timer = setImmediate(resolve, "later");
  });
  try {
    for (;;) {
      const pending = reader.read();
      const read = await Promise.race([pending, later]);
      if (read === "later") {
        pending.catch(() => {}); // awaited again by the restored stream; never an unhandled rejection
        return { chunks, complete: false, rest: { reader, pending } };
      }
      if (read.done) {
        reader.releaseLock(); // ServerRouter still calls getReader() on the (now closed) stream
        return { chunks, complete: true };
      }
      chunks.push(read.value);
    }
  } catch (error) {
    return { chunks, complete: false, error };
  } finally {
    clearImmediate(timer);
  }
}

/** Fills StreamTransfer's cache exactly as it would fill it itself, chunk by chunk, then the end. */
export function primeStreamTransfer(context: EntryContext, data: HydrationData) {
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  const results = [
    ...data.chunks.map((chunk) => ({ done: false, value: decoder.decode(chunk, { stream: true }) })),
    { done: true, value: decoder.decode(undefined, { stream: true }) },
  ];
  results.forEach((result, index) => {
    cache[index] = Object.assign(Promise.resolve(), { result });
  });
  if (context.renderMeta) context.renderMeta.streamCache = cache;
}

/** Whether a rendered document carries all of its data for hydration. */
export function hasHydrationData(html: Buffer) {
  return html.includes(CLOSE_SCRIPT);
}

/** Puts back what was read, then whatever is still to come, as a fresh stream with a fresh cache. */
export function restoreHydrationStream(context: EntryContext, data: HydrationData) {
  const chunks = [...data.chunks];
  let pending = data.rest?.pending;
  context.serverHandoffStream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = chunks.shift();
      if (chunk) return controller.enqueue(chunk);
      if (data.error !== undefined) return controller.error(data.error);
      if (!data.rest) return controller.close();
      try {
        const read = await (pending ?? data.rest.reader.read());
        pending = undefined;
        if (read.done) controller.close();
        else controller.enqueue(read.value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel: (reason) => data.rest?.reader.cancel(reason),
  });
  if (context.renderMeta) context.renderMeta.streamCache = {};
}
