import type { Page } from "@playwright/test";
import { expect, listItem, member, originHeader, test } from "./fixtures";

// A long word in a title or a pasted URL in a description or message must wrap, not push a phone's page
// sideways (decision 065, N18).

const shots = (name: string) => test.info().outputPath(`${name}.png`);
const PHONE = { width: 375, height: 812 };

test.describe.configure({ timeout: 120_000 });

/** 35 characters without a space, as in a model name or a run-together title. */
const WORD = "Ultralightcarbonfibrekayakpaddlexxl";
const URL_TEXT =
  "https://www.example.com.au/products/kayaks/ultralight-carbon-fibre-paddle-with-adjustable-ferrule?ref=swapshed&utm_source=newsletter&utm_campaign=spring";
const LONG_DESCRIPTION = `Barely used, see the maker's page: ${URL_TEXT}`;

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
  const owner = await member(browser, "Olivia Bennett", { viewport: PHONE });
  const swapper = await member(browser, "Priya Sharma", { viewport: PHONE });
  const stamp = Date.now();
  const title = `${WORD} ${stamp}`;
  const offeredTitle = `${WORD} offered ${stamp}`;
  const id = await listItem(owner.page, title, { description: LONG_DESCRIPTION, category: "sports_outdoors" });
  const offered = await listItem(swapper.page, offeredTitle, {
    description: LONG_DESCRIPTION,
    category: "sports_outdoors",
  });
  const saved = await swapper.page.request.put(`/api/v1/listings/${id}/favourite`, { headers: originHeader() });
  expect(saved.status()).toBe(200);
  const proposed = await swapper.page.request.post("/api/v1/swaps", {
    headers: originHeader(),
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
