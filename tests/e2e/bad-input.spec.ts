import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { expect, signUpViaApi, test } from "./fixtures";

/** Every page path in the route config (params filled with a well-formed id), so a new route is walked too. */
function pagePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    const own = entry.path !== undefined || entry.index ? [here || "/"] : [];
    return [...own, ...pagePaths(entry.children ?? [], here)];
  });
}
const paths = [...new Set(pagePaths(routes as RouteConfigEntry[]))]
  .filter((p) => !p.includes("*"))
  .map((p) => p.replace(/:[a-zA-Z]+/g, "0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e"));

const bad: [string, Record<string, string>, string | Buffer][] = [
  ["JSON", { "content-type": "application/json" }, '{"email":"a@b.co"}'],
  [
    "a truncated multipart form",
    { "content-type": "multipart/form-data; boundary=XYZ" },
    '--XYZ\r\nContent-Disposition: form-data; name="mode"\r\n\r\nsignin',
  ],
  [
    "a form with a newline and NUL in redirectTo",
    { "content-type": "application/x-www-form-urlencoded" },
    "redirectTo=%2F%0A%2Fevil.example&next=%2F%00x&email=&password=",
  ],
  ["an empty form", { "content-type": "application/x-www-form-urlencoded" }, ""],
];

for (const signedIn of [false, true]) {
  test(`every page action answers bad input with a 4xx or a page, never a 5xx (${signedIn ? "member" : "visitor"})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const origin = test.info().project.use.baseURL as string;
    if (signedIn) await signUpViaApi(page);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      for (const [what, headers, body] of bad) {
        const res = await page.request.post(path, { headers: { origin, ...headers }, data: body, maxRedirects: 0 });
        expect(res.status(), `${what} to ${path}`).toBeLessThan(500);
      }
    }
  });
}

test("a JSON body to a form page is refused as the wrong type, and a 100 MB body is refused early", async ({
  page,
}) => {
  const origin = test.info().project.use.baseURL as string;
  const json = await page.request.post("/auth", {
    headers: { origin, "content-type": "application/json" },
    data: "{}",
  });
  expect(json.status()).toBe(415);
  const big = await page.request.post("/location", {
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    data: Buffer.alloc(3 * 1024 * 1024, 97),
  });
  expect(big.status()).toBe(413);
});

test("personal pages are sent private, no-store; a visitor's home page is not", async ({ page }) => {
  expect((await page.request.get("/")).headers()["cache-control"] ?? "").not.toContain("private");
  await signUpViaApi(page);
  for (const path of ["/my-swaps", "/account", "/my-listings", "/favourites", "/dev/outbox", "/"]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
  }
});
