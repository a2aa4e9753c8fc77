import type { Context } from "hono";
import type { FileStorage } from "../core/storage/storage";

const SAFE_KEY = /^listings\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.webp$/;

/**
 * Serves stored listing pictures. Names are server-generated and never reused, so they can be cached
 * for a year; anything that is not such a name is a 404 before storage is asked.
 */
export function serveUpload(storage: FileStorage) {
  return async (c: Context) => {
    const key = c.req.path.slice("/uploads/".length);
    if (!SAFE_KEY.test(key)) return c.notFound();
    const file = await storage.get(key);
    if (!file) return c.notFound();
    return c.body(new Uint8Array(file.body), 200, {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  };
}
