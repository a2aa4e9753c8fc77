/**
 * Refuses a storage key that could escape its root or its bucket prefix. Keys are relative POSIX
 * paths made by the server; anything else is a bug or an attack, so it throws rather than cleans.
 */
export function assertSafeStorageKey(key: string): void {
  const unsafe =
    key.length === 0 ||
    key.includes("\0") ||
    key.includes("\\") ||
    key.includes("..") ||
    key.startsWith("/") ||
    /^[A-Za-z]:/.test(key) ||
    key.split("/").some((segment) => segment === "" || segment === ".");
  if (unsafe) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  gif: "image/gif",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  json: "application/json",
  png: "image/png",
  txt: "text/plain; charset=utf-8",
  webp: "image/webp",
};

/** The content type for a key, from its extension; unknown ones are served as opaque bytes. */
export function contentTypeForKey(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) || "application/octet-stream";
}
