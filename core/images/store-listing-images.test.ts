import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { AppError } from "../shared/app-error";
import { createLocalStorage } from "../storage/local-storage";
import type { FileStorage } from "../storage/storage";
import { storeListingImages } from "./store-listing-images";

const now = new Date("2031-03-04T05:06:07.890Z");
let root: string;
let storage: FileStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "swapshed-images-"));
  storage = createLocalStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** The real local storage, with put failing from the given call on. */
function failingFromPut(failAt: number): FileStorage & { puts: number } {
  const wrapper = {
    puts: 0,
    async put(key: string, body: Buffer, contentType: string) {
      wrapper.puts += 1;
      if (wrapper.puts >= failAt) throw new Error("disk full");
      await storage.put(key, body, contentType);
    },
    get: (key: string) => storage.get(key),
    delete: (keys: string[]) => storage.delete(keys),
  };
  return wrapper;
}

describe("storeListingImages", () => {
  test("every variant is stored under the member's folder with server-made names", async () => {
    const { images, keys } = await storeListingImages(storage, {
      ownerId: "member_42-a",
      files: [await photo(1400, 1000), await photo(500, 500)],
      now,
    });

    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.key).toMatch(new RegExp(`^listings/member_42-a/${now.getTime()}-[0-9a-f]{8}$`));
    }
    expect(images[0].key).not.toBe(images[1].key);
    expect(images.map((image) => image.widths)).toEqual([[320, 640, 1200], [320]]);
    expect(keys).toEqual([
      `${images[0].key}-320.webp`,
      `${images[0].key}-640.webp`,
      `${images[0].key}-1200.webp`,
      `${images[1].key}-320.webp`,
    ]);
    expect(await storedFiles()).toEqual([...keys].sort());

    const stored = await storage.get(keys[0]);
    expect(stored?.contentType).toBe("image/webp");
    expect((await sharp(stored?.body).metadata()).width).toBe(320);
  });

  test("the returned keys let the caller remove everything when its database write fails", async () => {
    const { keys } = await storeListingImages(storage, { ownerId: "m1", files: [await photo(700, 500)], now });
    await storage.delete(keys);
    expect(await storedFiles()).toEqual([]);
  });

  test("nothing is stored when the 2nd of 2 files is bad", async () => {
    const spy = failingFromPut(Number.POSITIVE_INFINITY);
    const attempt = storeListingImages(spy, {
      ownerId: "m1",
      files: [await photo(900, 600), Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")],
      now,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: "VALIDATION",
      message: "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.",
    });
    expect(spy.puts).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  test("a failing storage put leaves nothing behind and the failure reaches the caller", async () => {
    const flaky = failingFromPut(3);
    const attempt = storeListingImages(flaky, {
      ownerId: "m1",
      files: [await photo(1300, 900), await photo(1300, 900)],
      now,
    });
    await expect(attempt).rejects.toThrow("disk full");
    expect(flaky.puts).toBe(6);
    expect(await storedFiles()).toEqual([]);
  });

  test("the put failure still reaches the caller when the clean-up fails too", async () => {
    const broken: FileStorage = {
      put: async () => {
        throw new Error("bucket unreachable");
      },
      get: async () => null,
      delete: async () => {
        throw new Error("still unreachable");
      },
    };
    await expect(storeListingImages(broken, { ownerId: "m1", files: [await photo(400, 300)], now })).rejects.toThrow(
      "bucket unreachable",
    );
  });

  test("an owner id that could leave the member's folder is refused before anything is stored", async () => {
    for (const ownerId of ["../other", "a/b", "", "a.b", "a\\b"]) {
      await expect(storeListingImages(storage, { ownerId, files: [await photo(400, 300)], now })).rejects.toThrow(
        "Unsafe owner id",
      );
    }
    expect(await storedFiles()).toEqual([]);
  });
});
