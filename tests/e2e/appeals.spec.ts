import { axeAtBothWidths, expect as baseExpect, listItem, member, originHeader, PASSWORD, test } from "./fixtures";
import { enrolledStaff, staffSession } from "./staff";

// Appeals (issue 28, decision 097): a listing's owner appeals a takedown from My Listings, the staff member who
// took it down may not decide, another one reverses it and the owner sees it; a suspended member appeals from the
// sign-in refusal, without a session.

const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 375, height: 800 };

test("a takedown is appealed from My Listings and reversed by a second staff member; a suspension from the sign-in refusal", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = String(Date.now()).slice(-6);
  const olive = await member(browser, "Olive Owner", { viewport: PHONE });
  const title = `Olive's chainsaw ${tag}`;
  const listingId = await listItem(olive.page, title);

  // The first staff member takes it down.
  await staffSession(page, "admin");
  const takedown = await page.request.post("/admin/listings", {
    form: { moderation: "takedown", ids: listingId, reason: "Looks like a stock photo", back: "/admin/listings" },
    headers: originHeader(),
    maxRedirects: 0,
  });
  expect(takedown.status()).toBe(302);

  // The owner appeals from My Listings, at a phone's width.
  await olive.page.goto("/my-listings");
  await olive.page.getByRole("link", { name: "Appeal this decision" }).first().click();
  await expect(olive.page.getByRole("heading", { name: "Appeal a listing decision" })).toBeVisible();
  await expect(olive.page.getByText("Looks like a stock photo")).toBeVisible();
  await olive.page
    .getByLabel("Why should we look at this again?")
    .fill("It's my own chainsaw, photographed in my shed.");
  await olive.page.getByRole("button", { name: "Send appeal" }).click();
  await expect(olive.page.getByText("Appeal sent: under review")).toBeVisible();
  await olive.page.screenshot({ path: test.info().outputPath("listing-appeal-sent-375.png"), fullPage: true });

  // The staff member who took it down finds it in the Moderation Queue, and may not decide it.
  await page.goto("/admin/moderation");
  await page.getByRole("link", { name: /^Appeals/ }).click();
  await expect(page.getByRole("heading", { name: "Appeals", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Olive Owner" }).first().click();
  await expect(page.getByText("It's my own chainsaw, photographed in my shed.")).toBeVisible();
  await expect(page.getByText(/You took the original decision/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Decide appeal" })).toHaveCount(0);
  const appealUrl = new URL(page.url()).pathname;

  // A second staff member (a moderator) reverses it.
  const second = await browser.newContext();
  const modPage = await second.newPage();
  await enrolledStaff(modPage, "moderator");
  await modPage.goto(appealUrl);
  await axeAtBothWidths(modPage, 900, "admin-appeal");
  await modPage.getByLabel(/Reverse/).check();
  await modPage.getByLabel("Reason").fill("It is their own photo: the shed is in their other listings.");
  await modPage.getByRole("button", { name: "Decide appeal" }).click();
  await expect(modPage.getByText("Appeal decided - Decision reversed")).toBeVisible();
  await second.close();

  // The owner sees the listing back, the appeal's outcome and the notice.
  await olive.page.reload();
  await expect(olive.page.getByText("Appeal successful: the decision was reversed")).toBeVisible();
  await olive.page.goto("/notifications");
  await expect(
    olive.page.getByRole("link", { name: /We've reviewed your appeal against the decision on/ }),
  ).toBeVisible();
  await olive.page.goto(`/listings/${listingId}`);
  await expect(olive.page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // A suspended member: the refusal after the right password offers the appeal, which needs no session.
  const sam = await member(browser, "Sam Suspended", { viewport: PHONE });
  const me = await (await sam.page.request.get("/api/v1/me")).json();
  const samId = (me.user?.id ?? me.id) as string;
  const suspended = await page.request.post(`/admin/users/${samId}`, {
    form: { intent: "suspend", reason: "Copied listings" },
    headers: originHeader(),
    maxRedirects: 0,
  });
  expect(suspended.status()).toBe(302);
  await sam.context.clearCookies();
  await sam.page.goto("/auth");
  await sam.page.getByLabel("Email").fill(sam.email);
  await sam.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await sam.page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(sam.page.getByText("Your account has been suspended. Please contact support.")).toBeVisible();
  await sam.page.screenshot({ path: test.info().outputPath("suspended-refusal-375.png"), fullPage: true });
  await sam.page.getByRole("button", { name: "Appeal this decision" }).click();
  await expect(sam.page.getByRole("heading", { name: "Appeal your suspension" })).toBeVisible();
  await expect(sam.page.getByText("Copied listings")).toBeVisible();
  await sam.page.getByLabel("Why should we look at this again?").fill("These are my own tools and photos.");
  await sam.page.getByRole("button", { name: "Send appeal" }).click();
  await expect(sam.page.getByText("Appeal sent: under review")).toBeVisible();
  await axeAtBothWidths(sam.page, 800, "suspension-appeal");
  await sam.page.setViewportSize(PHONE);
  await sam.page.screenshot({ path: test.info().outputPath("suspension-appeal-sent-375.png"), fullPage: true });
});
