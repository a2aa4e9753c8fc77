import { describe, expect, test } from "vitest";
import { detectImageType } from "./detect-image-type";

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, "latin1");

describe("detectImageType", () => {
  test("JPEG, PNG, WEBP and GIF are recognised from their first bytes", () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpeg");
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(detectImageType(Buffer.concat([text("RIFF"), bytes(0x24, 0, 0, 0), text("WEBPVP8 ")]))).toBe("webp");
    expect(detectImageType(text("GIF87a\x01\x00"))).toBe("gif");
    expect(detectImageType(text("GIF89a\x01\x00"))).toBe("gif");
  });

  test("SVG, HTML, PDF and plain text are not images, whatever they are called", () => {
    expect(detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectImageType(text("<!doctype html><html></html>"))).toBeNull();
    expect(detectImageType(text("%PDF-1.7"))).toBeNull();
    expect(detectImageType(text("hello, this is photo.jpg"))).toBeNull();
  });

  test("a RIFF file that is not WEBP (a WAV recording) is not an image", () => {
    expect(detectImageType(Buffer.concat([text("RIFF"), bytes(0x24, 0, 0, 0), text("WAVEfmt ")]))).toBeNull();
  });

  test("files too short to hold a signature are not images", () => {
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectImageType(text("RIFF\0\0\0\0WEB"))).toBeNull();
    expect(detectImageType(text("GIF89"))).toBeNull();
  });
});
