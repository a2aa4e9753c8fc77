import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { FileStorage, S3StorageConfig } from "./storage";
import { assertSafeStorageKey } from "./storage-key";

const REQUEST_TIMEOUT_MS = 30_000;
// aws4fetch retries 5xx and 429 with jittered back-off; its default of 10 tries is too patient for a request
// a member is waiting on.
const RETRIES = 2;

const sha256Hex = (body: Uint8Array) => createHash("sha256").update(body).digest("hex");
const EMPTY_SHA256 = sha256Hex(new Uint8Array(0));

/**
 * Any S3-compatible object store, signed with AWS Signature V4 (aws4fetch, no SDK). Payloads are
 * hashed into x-amz-content-sha256 rather than sent UNSIGNED-PAYLOAD, so the store can reject a body
 * altered in transit.
 */
export function createS3Storage(config: Omit<S3StorageConfig, "driver">): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    retries: RETRIES,
  });
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  const pathStyle = config.forcePathStyle ?? config.endpoint !== undefined;

  function urlFor(key: string): string {
    assertSafeStorageKey(key);
    const encodedKey = key.split("/").map(encodeURIComponent).join("/");
    if (pathStyle) return `${endpoint.origin}${basePath}/${encodeURIComponent(config.bucket)}/${encodedKey}`;
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${basePath}/${encodedKey}`;
  }

  async function send(
    method: "PUT" | "GET" | "DELETE",
    key: string,
    body?: Uint8Array<ArrayBuffer>,
    contentType?: string,
  ) {
    const headers: Record<string, string> = { "x-amz-content-sha256": body ? sha256Hex(body) : EMPTY_SHA256 };
    if (contentType) headers["content-type"] = contentType;
    return client.fetch(urlFor(key), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      // aws4fetch leaves content-type unsigned by default; signing it stops it being swapped in transit.
      aws: { allHeaders: true },
    });
  }

  async function fail(response: Response, method: string, key: string): Promise<never> {
    // The body is S3's XML error: useful in the log, never shown to a member.
    const detail = (await response.text().catch(() => "")).slice(0, 500);
    throw new Error(`S3 ${method} ${key} failed with ${response.status}: ${detail}`);
  }

  return {
    async put(key, body, contentType) {
      const response = await send("PUT", key, new Uint8Array(body), contentType);
      if (!response.ok) await fail(response, "PUT", key);
      await response.body?.cancel();
    },

    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) await fail(response, "GET", key);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
      };
    },

    async delete(keys) {
      // One DELETE per key: no Content-MD5 dance as with a multi-object delete, and a listing has at
      // most 8 images x 3 widths. S3 answers 204 whether or not the key existed; some stores say 404.
      for (const key of keys) assertSafeStorageKey(key);
      const results = await Promise.allSettled(
        keys.map(async (key) => {
          const response = await send("DELETE", key);
          if (!response.ok && response.status !== 404) await fail(response, "DELETE", key);
          await response.body?.cancel();
        }),
      );
      const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      if (failures.length > 0) throw new AggregateError(failures, `S3 DELETE failed for ${failures.length} key(s)`);
    },
  };
}
