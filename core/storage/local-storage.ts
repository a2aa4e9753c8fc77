import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./storage";
import { assertSafeStorageKey, contentTypeForKey } from "./storage-key";

const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);

/** Files under `root` on the local disk: development, tests and single-server installs. */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);

  function fileFor(key: string): string {
    assertSafeStorageKey(key);
    const file = path.resolve(base, ...key.split("/"));
    // Belt and braces: the key checks above should make this impossible.
    if (!file.startsWith(base + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return file;
  }

  return {
    async put(key, body) {
      // The content type is not stored: get() derives it from the extension.
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target then renamed, so a reader never sees half a file.
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        const handle = await open(temp, "wx");
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      try {
        return { body: await readFile(file), contentType: contentTypeForKey(key) };
      } catch (error) {
        if (MISSING.has((error as NodeJS.ErrnoException).code ?? "")) return null;
        throw error;
      }
    },

    async delete(keys) {
      const files = keys.map(fileFor); // all keys checked before anything is removed
      await Promise.all(files.map((file) => rm(file, { force: true })));
    },
  };
}
