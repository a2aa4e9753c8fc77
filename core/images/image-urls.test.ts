import { describe, expect, test } from "vitest";
import { imageUrl, srcSet } from "./image-urls";

const image = { key: "listings/member_1/1767225600000-0a1b2c3d", widths: [640, 320, 1200] };

describe("image URLs", () => {
  test("a variant is served from /uploads under its key and width", () => {
    expect(imageUrl(image, 320)).toBe("/uploads/listings/member_1/1767225600000-0a1b2c3d-320.webp");
  });

  test("the srcset lists every stored width, narrowest first", () => {
    expect(srcSet(image)).toBe(
      "/uploads/listings/member_1/1767225600000-0a1b2c3d-320.webp 320w, " +
        "/uploads/listings/member_1/1767225600000-0a1b2c3d-640.webp 640w, " +
        "/uploads/listings/member_1/1767225600000-0a1b2c3d-1200.webp 1200w",
    );
    expect(image.widths).toEqual([640, 320, 1200]);
  });

  test("an image smaller than 320 pixels has a one-entry srcset", () => {
    expect(srcSet({ key: "listings/a/1-00000000", widths: [200] })).toBe(
      "/uploads/listings/a/1-00000000-200.webp 200w",
    );
  });
});
