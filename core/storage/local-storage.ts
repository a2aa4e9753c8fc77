import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./storage";
import { assertSafeStorageKey, contentTypeForKey } from "./storage-key";

const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);

/** Where a file is written before it is renamed into place. */
const tempFor = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.tmp`);

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
      // Written beside the target then renamed, so a reader never sees half a file. The server makes every key
      // unique, so one put writes a key's temporary file at a time; a crash's leftover is overwritten, or deleted
      // with the key.
      const temp = tempFor(file);
      try {
        const handle = await open(temp, "w");
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
      // A put cut short by a crash leaves its temporary file: it goes with the key.
      await Promise.all(files.flatMap((file) => [rm(file, { force: true }), rm(tempFor(file), { force: true })]));
    },
  };
}
