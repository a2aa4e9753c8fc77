import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createLocalStorage } from "./local-storage";
import { createStorage } from "./create-storage";

let parent: string;
let root: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(tmpdir(), "swapshed-storage-"));
  root = path.join(parent, "uploads");
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe("local storage", () => {
  test("a stored file can be read back with a content type from its extension", async () => {
    const storage = createLocalStorage(root);
    const body = Buffer.from("RIFF....WEBP fake bytes");
    await storage.put("listings/m1/123-abcdef01-320.webp", body, "image/webp");

    expect(await readFile(path.join(root, "listings", "m1", "123-abcdef01-320.webp"))).toEqual(body);
    expect(await storage.get("listings/m1/123-abcdef01-320.webp")).toEqual({ body, contentType: "image/webp" });
  });

  test("content types follow the extension, and unknown extensions are opaque bytes", async () => {
    const storage = createLocalStorage(root);
    for (const [key, type] of [
      ["a.jpg", "image/jpeg"],
      ["a.JPEG", "image/jpeg"],
      ["a.png", "image/png"],
      ["a.gif", "image/gif"],
      ["a.exe", "application/octet-stream"],
      ["noextension", "application/octet-stream"],
    ]) {
      await storage.put(key, Buffer.from("x"), type);
      expect((await storage.get(key))?.contentType).toBe(type);
    }
  });

  test("a missing file reads as null", async () => {
    const storage = createLocalStorage(root);
    expect(await storage.get("listings/nobody/none-320.webp")).toBeNull();
  });

  test("putting a key again replaces the file whole and leaves no temporary files", async () => {
    const storage = createLocalStorage(root);
    await storage.put("listings/m1/a-320.webp", Buffer.from("first version"), "image/webp");
    await storage.put("listings/m1/a-320.webp", Buffer.from("second"), "image/webp");
    expect((await storage.get("listings/m1/a-320.webp"))?.body.toString()).toBe("second");
    expect(await readdir(path.join(root, "listings", "m1"))).toEqual(["a-320.webp"]);
  });

  test("deleting removes the files, and deleting a missing key is not an error", async () => {
    const storage = createLocalStorage(root);
    await storage.put("listings/m1/a-320.webp", Buffer.from("a"), "image/webp");
    await storage.put("listings/m1/a-640.webp", Buffer.from("b"), "image/webp");
    await storage.delete(["listings/m1/a-320.webp", "listings/m1/a-640.webp", "listings/m1/never-320.webp"]);
    expect(await readdir(path.join(root, "listings", "m1"))).toEqual([]);
    await storage.delete([]);
  });

  test("the temporary file of a put cut short by a crash is overwritten by the next put, and deleted with its key", async () => {
    const storage = createLocalStorage(root);
    await storage.put("listings/m1/b-320.webp", Buffer.from("whole"), "image/webp");
    // What a SIGKILL during the write leaves: the key's temporary file, half written.
    await writeFile(path.join(root, "listings", "m1", ".c-320.webp.tmp"), "half a fi");
    await storage.put("listings/m1/c-320.webp", Buffer.from("whole again"), "image/webp");
    expect(await readdir(path.join(root, "listings", "m1"))).toEqual(["b-320.webp", "c-320.webp"]);

    await writeFile(path.join(root, "listings", "m1", ".d-320.webp.tmp"), "half a fi");
    await storage.delete(["listings/m1/d-320.webp"]);
    expect(await readdir(path.join(root, "listings", "m1"))).toEqual(["b-320.webp", "c-320.webp"]);
  });

  test("local storage refuses ../x keys and every other way out of its root", async () => {
    const storage = createLocalStorage(root);
    await writeFile(path.join(parent, "secret.txt"), "do not serve");
    const unsafe = [
      "../x",
      "../secret.txt",
      "listings/../../secret.txt",
      "a/..",
      "/etc/passwd",
      "C:/Windows/win.ini",
      "listings\\..\\..\\secret.txt",
      "listings/a\0.webp",
      "",
      "listings//a.webp",
      "./a.webp",
    ];
    for (const key of unsafe) {
      await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow("Unsafe storage key");
      await expect(storage.get(key), key).rejects.toThrow("Unsafe storage key");
    }
    await expect(storage.delete(["listings/ok.webp", "../secret.txt"])).rejects.toThrow("Unsafe storage key");
    expect(await readFile(path.join(parent, "secret.txt"), "utf8")).toBe("do not serve");
    expect(await readdir(parent)).toEqual(["secret.txt"]);
  });

  test("createStorage with the local driver stores under its root", async () => {
    const storage = createStorage({ driver: "local", root });
    await storage.put("listings/m2/b-320.webp", Buffer.from("b"), "image/webp");
    expect(await readFile(path.join(root, "listings", "m2", "b-320.webp"), "utf8")).toBe("b");
  });
});
