import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, signUpViaApi, test, uniqueEmail } from "./fixtures";

// A long word in a title or a pasted URL in a description or message must wrap, not push a phone's page
// sideways (issue 24, N18).

const photo = fs.readFileSync(path.join(import.meta.dirname, "files/listing-photo.jpg"));
const shots = (name: string) => test.info().outputPath(`${name}.png`);
const origin = () => ({ origin: test.info().project.use.baseURL as string });
const PHONE = { width: 375, height: 812 };

test.describe.configure({ timeout: 120_000 });

/** 35 characters without a space, as in a model name or a run-together title. */
const WORD = "Ultralightcarbonfibrekayakpaddlexxl";
const URL_TEXT =
  "https://www.example.com.au/products/kayaks/ultralight-carbon-fibre-paddle-with-adjustable-ferrule?ref=swapshed&utm_source=newsletter&utm_campaign=spring";

async function member(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signUpViaApi(page, { email: uniqueEmail("long"), fullName: name });
  return { context, page };
}

async function listItem(page: Page, title: string) {
  const res = await page.request.post("/api/v1/listings", {
    headers: origin(),
    multipart: {
      title,
      description: `Barely used, see the maker's page: ${URL_TEXT}`,
      category: "sports_outdoors",
      condition: "good",
      valueMin: "100",
      valueMax: "200",
      location: "Bondi NSW 2026",
      images: { name: "photo.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** The page at 375 px is no wider than the screen (nothing scrolls sideways), with `text` on it. */
async function expectNoSidewaysScroll(page: Page, url: string, text: string, shot: string) {
  await page.goto(url);
  await expect(page.getByText(text).first()).toBeVisible();
  await page.screenshot({ path: shots(shot), fullPage: true });
  const { width, culprits } = await page.evaluate(() => {
    // The innermost elements reaching past the screen's edge, to say what overflowed.
    const wide = [...document.body.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > 376);
    const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    return {
      width: document.documentElement.scrollWidth,
      culprits: innermost
        .slice(0, 5)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">${el.textContent?.slice(0, 40)}`),
    };
  });
  // Soft: one run names every page that overflows.
  expect.soft(width, `${url} is ${width} px wide at 375: ${culprits.join(" | ")}`).toBeLessThanOrEqual(375);
}

test("a 35-character word in a title and a long URL in a description or message never make a page scroll sideways at 375 px", async ({
  browser,
}) => {
  expect(WORD).toHaveLength(35);
  const owner = await member(browser, "Olivia Bennett");
  const swapper = await member(browser, "Priya Sharma");
  const stamp = Date.now();
  const title = `${WORD} ${stamp}`;
  const offeredTitle = `${WORD} offered ${stamp}`;
  const id = await listItem(owner.page, title);
  const offered = await listItem(swapper.page, offeredTitle);
  const saved = await swapper.page.request.put(`/api/v1/listings/${id}/favourite`, { headers: origin() });
  expect(saved.status()).toBe(200);
  const proposed = await swapper.page.request.post("/api/v1/swaps", {
    headers: origin(),
    data: { targetListingId: id, offeredListingId: offered, message: `Would this suit? ${URL_TEXT}` },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);

  const p = swapper.page;
  await expectNoSidewaysScroll(p, `/listings/${id}`, title, "long-listing-375");
  await expectNoSidewaysScroll(p, `/search?q=${WORD}`, title, "long-search-375");
  await expectNoSidewaysScroll(p, "/", title, "long-home-375");
  await expectNoSidewaysScroll(p, "/favourites", title, "long-favourites-375");
  await expectNoSidewaysScroll(p, "/my-swaps?tab=sent", title, "long-my-swaps-sent-375");
  await expectNoSidewaysScroll(p, "/my-listings", offeredTitle, "long-my-listings-375");
  await expectNoSidewaysScroll(owner.page, "/my-swaps", title, "long-my-swaps-received-375");
  await expectNoSidewaysScroll(owner.page, `/listings/${id}/edit`, title, "long-edit-375");
  await owner.context.close();
  await swapper.context.close();
});
