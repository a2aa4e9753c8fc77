import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";
import {
  hasHydrationData,
  primeStreamTransfer,
  readHydrationData,
  restoreHydrationStream,
} from "./hydration-data.server";

const bytes = (text: string) => new TextEncoder().encode(text);

/** A data stream like React Router's: chunks, each after its delay in ms (none: at once), then the end or an error. */
function contextWith(parts: { text: string; delay?: number }[], failure?: { error: Error; delay: number }) {
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const { text, delay } of parts) {
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        controller.enqueue(bytes(text));
      }
      if (failure) {
        await new Promise((resolve) => setTimeout(resolve, failure.delay));
        controller.error(failure.error);
      } else controller.close();
    },
  });
  return { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
}

async function readAll(stream: ReadableStream<Uint8Array> | undefined) {
  let text = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += new TextDecoder().decode(chunk);
  return text;
}

describe("hydration data", () => {
  test("plain loader data is read whole and primed for StreamTransfer, chunk by chunk", async () => {
    const context = contextWith([{ text: "[1,2]\n" }, { text: "P1:3\n" }]);
    const data = await readHydrationData(context);
    expect(data?.complete).toBe(true);
    primeStreamTransfer(context, data!);
    const cache = context.renderMeta!.streamCache!;
    expect(Object.keys(cache)).toHaveLength(3);
    expect(cache[0].result).toEqual({ done: false, value: "[1,2]\n" });
    expect(cache[1].result).toEqual({ done: false, value: "P1:3\n" });
    expect(cache[2].result).toEqual({ done: true, value: "" });
    // ServerRouter still takes a reader from the stream.
    expect(() => context.serverHandoffStream!.getReader()).not.toThrow();
  });

  test("deferred data is left to stream: the restored stream gives every chunk in order", async () => {
    const context = contextWith([{ text: "a" }, { text: "b", delay: 30 }, { text: "c" }]);
    const data = await readHydrationData(context);
    expect(data?.complete).toBe(false);
    restoreHydrationStream(context, data!);
    expect(context.renderMeta!.streamCache).toEqual({});
    expect(await readAll(context.serverHandoffStream)).toBe("abc");
  });

  test("a failing data stream fails the restored stream after the chunks that came first", async () => {
    const context = contextWith([{ text: "a" }], { error: new Error("Server Timeout"), delay: 30 });
    const data = await readHydrationData(context);
    expect(data?.complete).toBe(false);
    restoreHydrationStream(context, data!);
    const reader = context.serverHandoffStream!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("a");
    await expect(reader.read()).rejects.toThrow("Server Timeout");
  });

  test("a page is complete only with the script that closes the data stream", () => {
    expect(
      hasHydrationData(Buffer.from("<script>window.__reactRouterContext.streamController.close();</script>")),
    ).toBe(true);
    expect(hasHydrationData(Buffer.from("<!--$!--><template></template><!--/$-->"))).toBe(false);
  });
});
