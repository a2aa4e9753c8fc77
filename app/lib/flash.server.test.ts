import { describe, expect, test } from "vitest";
import { flashHeader, readFlash, setFlashSecret } from "./flash.server";

const request = (setCookie: string) =>
  new Request("http://localhost/", { headers: { cookie: setCookie.split(";")[0] } });

describe("the flash message", () => {
  test("a message the app set is read back once, with a header that clears it", async () => {
    setFlashSecret("a-secret-of-this-deployment-0123456789");
    const { flash, clear } = await readFlash(request(await flashHeader({ type: "success", message: "Saved" })));
    expect(flash).toEqual({ type: "success", message: "Saved" });
    expect(clear).toMatch(/^flash=; .*Max-Age=0/);
  });

  test("a cookie somebody wrote themselves (no signature, or signed with another secret) says nothing", async () => {
    setFlashSecret("a-secret-of-this-deployment-0123456789");
    const unsigned = Buffer.from(JSON.stringify({ type: "error", message: "Your account is closed" })).toString(
      "base64",
    );
    expect((await readFlash(request(`flash=${encodeURIComponent(unsigned)}`))).flash).toBeNull();

    setFlashSecret("another-deployment-secret-0123456789");
    const elsewhere = await flashHeader({ type: "error", message: "Call 1800 000 000 now" });
    setFlashSecret("a-secret-of-this-deployment-0123456789");
    expect((await readFlash(request(elsewhere))).flash).toBeNull();
  });

  test("a signed value that is not a message (wrong type, no text) is ignored", async () => {
    setFlashSecret("a-secret-of-this-deployment-0123456789");
    const odd = await flashHeader({ type: "warning", message: 42 } as never);
    expect((await readFlash(request(odd))).flash).toBeNull();
  });
});
