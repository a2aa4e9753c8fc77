import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, listItem, member, originHeader, test } from "./fixtures";

// Choosing, refusing and ordering a listing's pictures, on Create Listing and on Edit listing (decision 065:
// N7, N8, old defect 16), and where Create Listing's location starts (N19).

const photoPath = path.join(import.meta.dirname, "files/listing-photo.jpg");
const photo = fs.readFileSync(photoPath);
const shots = (name: string) => test.info().outputPath(`${name}.png`);
const PHONE = { width: 375, height: 812 };

// Each journey uploads and re-encodes several pictures: on a busy 2-core machine that takes a while.
test.describe.configure({ timeout: 90_000 });

const INVALID = "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.";
/** A text file named like a photo, and the start of a phone's HEIC photo (an ISO box "ftyp" with brand heic). */
const FAKE_JPG = { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some text, not a photo") };
const HEIC = {
  name: "kayak.heic",
  mimeType: "image/heic",
  buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(64)]),
};

/** The listing's pictures as the API returns them: their keys and widths, the cover first. */
async function picturesOf(page: Page, id: string) {
  const res = await page.request.get(`/api/v1/listings/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).listing.images as { key: string; widths: number[] }[];
}

/** A small picture of its own width, so that after re-encoding its widths tell it apart (decision 010). */
const smallPicture = (width: number) =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: "#2f8a67" } })
    .jpeg()
    .toBuffer();

async function fillFields(page: Page, title: string) {
  await page.getByLabel("Item Title").fill(title);
  await page.getByLabel("Description").fill("A sturdy item in good order, ready for a swap.");
  await page.getByLabel("Category").selectOption("electronics");
  await page.getByLabel("Condition").selectOption("good");
  await page.getByLabel("Min Value (AUD)").fill("40");
  await page.getByLabel("Max Value (AUD)").fill("60");
}

test("a text file named .jpg and a HEIC photo are refused by name the moment they are chosen, never previewed or made the cover", async ({
  browser,
}) => {
  const m = await member(browser, "Priya Sharma", { viewport: PHONE });
  const { page } = m;
  await page.goto("/create-listing");
  const form = page.locator("form");
  await page.locator("#images").setInputFiles([FAKE_JPG, HEIC]);
  await expect(form.getByText(`fake.jpg: ${INVALID}`)).toBeVisible();
  await expect(form.getByText(`kayak.heic: ${INVALID}`)).toBeVisible();
  await expect(page.getByRole("img", { name: /^Preview of/ })).toHaveCount(0);
  await expect(page.getByText("Cover", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: shots("create-refused-fake-heic-375"), fullPage: true });

  // A real picture is then taken, and is the cover; the refusal goes.
  await page.locator("#images").setInputFiles(photoPath);
  await expect(page.getByAltText("Preview of listing-photo.jpg")).toBeVisible();
  await expect(page.getByText("Cover", { exact: true })).toBeVisible();
  await expect(form.getByText(INVALID)).toHaveCount(0);

  // The same on the edit page.
  const id = await listItem(page, `Kayak paddle ${Date.now()}`, { pictures: [photo] });
  await page.goto(`/listings/${id}/edit`);
  await page.locator("#images").setInputFiles(FAKE_JPG);
  await expect(page.locator("form").getByText(`fake.jpg: ${INVALID}`)).toBeVisible();
  await expect(page.getByRole("img", { name: "Preview of fake.jpg" })).toHaveCount(0);
  await m.context.close();
});

test("without JavaScript, the server refuses a fake picture and says which file it was; nothing is listed", async ({
  browser,
}) => {
  const m = await member(browser, "Jarrah Wilson", { viewport: PHONE, javaScriptEnabled: false });
  const { page } = m;
  await page.goto("/create-listing");
  const title = `Fake photo ${Date.now()}`;
  await fillFields(page, title);
  await page.getByRole("combobox", { name: "Location" }).fill("Bondi NSW 2026");
  await page.locator("#images").setInputFiles([{ name: "good.jpg", mimeType: "image/jpeg", buffer: photo }, FAKE_JPG]);
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page.getByText(`fake.jpg: ${INVALID}`)).toBeVisible();
  const mine = await page.request.get("/api/v1/me/listings");
  expect(((await mine.json()).listings as { title: string }[]).map((l) => l.title)).not.toContain(title);
  await m.context.close();
});

test("keyboard focus on Choose pictures rings the drop zone", async ({ browser }) => {
  const m = await member(browser, "Jarrah Wilson", { viewport: PHONE });
  const { page } = m;
  await page.goto("/create-listing");
  const zone = page.locator("label[for=images]");
  const ring = () => zone.evaluate((label) => getComputedStyle(label).outlineStyle);
  expect(await ring()).toBe("none");
  // From the field before it, by keyboard, as a member would.
  await page.getByRole("combobox", { name: "Location" }).focus();
  for (let i = 0; i < 5 && !(await page.locator("#images").evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(page.locator("#images")).toBeFocused();
  expect(await ring()).toBe("solid");
  expect(
    await zone.evaluate((label) => Number.parseFloat(getComputedStyle(label).outlineWidth)),
  ).toBeGreaterThanOrEqual(2);
  await zone.screenshot({ path: shots("choose-pictures-focused-375") });
  await m.context.close();
});

test("an owner opens Edit from My Listings, makes the second picture the cover and puts a new one first, by keyboard", async ({
  browser,
}) => {
  const m = await member(browser, "Olivia Bennett", { viewport: PHONE });
  const { page } = m;
  const title = `Camping stove ${Date.now()}`;
  const id = await listItem(page, title, { pictures: [photo, await smallPicture(500)] });
  const [first, second] = await picturesOf(page, id);

  await page.goto("/my-listings");
  await page.screenshot({ path: shots("my-listings-edit-375"), fullPage: true });
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(`/listings/${id}/edit`);
  const pictures = page.getByRole("list", { name: "Pictures" });
  const tile = (n: number) => pictures.getByRole("listitem").nth(n);
  await expect(tile(0).getByText("Cover", { exact: true })).toBeVisible();

  // "Make cover" on picture 2, with the keyboard: it moves first, and focus stays with it.
  await page.getByRole("button", { name: "Make cover: picture 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(tile(0).getByRole("checkbox", { name: "Keep picture 2" })).toBeVisible();
  await expect(tile(0).getByText("Cover", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Move picture 2 later" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Move picture 2 earlier" })).toBeDisabled();

  // A new picture, moved from last to first with "Move earlier" twice.
  await page
    .locator("#images")
    .setInputFiles({ name: "tiny.jpg", mimeType: "image/jpeg", buffer: await smallPicture(300) });
  await expect(page.getByAltText("Preview of tiny.jpg")).toBeVisible();
  await page.getByRole("button", { name: "Move tiny.jpg earlier" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move tiny.jpg earlier" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(tile(0).getByAltText("Preview of tiny.jpg")).toBeVisible();
  await expect(tile(0).getByText("Cover", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: shots("edit-reordered-375"), fullPage: true });

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`/listings/${id}`);
  const saved = await picturesOf(page, id);
  expect(saved).toHaveLength(3);
  expect(saved[0].widths).toEqual([300]);
  expect(saved.slice(1).map((p) => p.key)).toEqual([second.key, first.key]);
  await m.context.close();
});

test("on Create Listing the member picks which chosen picture is the cover", async ({ browser }) => {
  const m = await member(browser, "Mei Lin", { viewport: PHONE });
  const { page } = m;
  await page.goto("/create-listing");
  const title = `Cover choice ${Date.now()}`;
  await fillFields(page, title);
  await page.getByRole("combobox", { name: "Location" }).fill("Bondi NSW 2026");
  await page.locator("#images").setInputFiles([
    { name: "big.jpg", mimeType: "image/jpeg", buffer: photo },
    { name: "small.jpg", mimeType: "image/jpeg", buffer: await smallPicture(300) },
  ]);
  await page.getByRole("button", { name: "Make cover: small.jpg" }).click();
  await expect(
    page.getByRole("list", { name: "Pictures" }).getByRole("listitem").first().getByAltText("Preview of small.jpg"),
  ).toBeVisible();
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page).toHaveURL("/my-listings");
  const mine = await page.request.get("/api/v1/me/listings");
  const listing = ((await mine.json()).listings as { id: string; title: string }[]).find((l) => l.title === title);
  const saved = await picturesOf(page, listing?.id as string);
  expect(saved[0].widths).toEqual([300]);
  await m.context.close();
});

test("Create Listing starts from the member's profile suburb, and an emptied location is required", async ({
  browser,
}) => {
  const m = await member(browser, "Priya Sharma", { viewport: PHONE });
  const { page } = m;
  const res = await page.request.put("/api/v1/me/profile", {
    headers: originHeader(),
    data: { fullName: "Priya Sharma", location: "Marrickville NSW 2204" },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/create-listing");
  const location = page.getByRole("combobox", { name: "Location" });
  await expect(location).toHaveValue("Marrickville NSW 2204");

  await location.fill("");
  await fillFields(page, `Location check ${Date.now()}`);
  await page.locator("#images").setInputFiles(photoPath);
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page.locator("form").getByText("Location is required")).toBeVisible();
  await expect(page.getByText("Location must be at least 2 characters")).toHaveCount(0);
  await page.screenshot({ path: shots("create-location-required-375"), fullPage: true });
  await m.context.close();
});
