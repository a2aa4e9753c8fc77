// Conversations (issue 26): asking about a listing, the inbox, the thread with a masked number, "Seen", the deal's
// steps in the thread, blocking, the same sending without JavaScript, and a picture sent and seen (decision 087).
import sharp from "sharp";
import { axeAtBothWidths, expect, listItem, member, propose, test } from "./fixtures";

const ASK = "Is it still available? Call me on 0412 345 678";
const NOTE = "Contact details are shared once you both pay the $9.99 handshake fee.";

test("B asks about A's listing, A answers with the number hidden, B sees Seen, a proposal appears, and blocking stops it", async ({
  browser,
}) => {
  // Eight pages, each checked with axe at two widths: on a loaded two-core CI machine it ran out of 120 s at its last
  // step (November 2026). A dead control still fails, on its own expectation.
  test.setTimeout(240_000);
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker");
  const title = `Ana's speaker ${Date.now()}`;
  const listing = await listItem(ana.page, title);

  // B opens A's listing and asks.
  await ben.page.goto(`/listings/${listing}`);
  await axeAtBothWidths(ben.page, 900, "listing-message");
  await ben.page.getByRole("button", { name: "Message" }).click();
  await expect(ben.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const thread = ben.page.url();
  await expect(ben.page.getByRole("heading", { level: 1, name: /Ana Costa/ })).toBeVisible();
  await expect(ben.page.getByRole("link", { name: title })).toBeVisible();
  const box = ben.page.getByLabel("Message to Ana Costa");
  await box.fill(ASK);
  // Warned before sending, and counted.
  await expect(ben.page.getByText(/It looks like this has contact details/)).toBeVisible();
  await expect(ben.page.getByText(`${[...ASK].length} / 2,000`)).toBeVisible();
  await ben.page.getByRole("button", { name: "Send" }).click();
  // The sender sees their own words as written; the box is empty again.
  await expect(ben.page.getByRole("region", { name: "Messages" }).getByText(ASK)).toBeVisible();
  await expect(box).toHaveValue("");
  await axeAtBothWidths(ben.page, 900, "thread-sender");

  // A sees the thread in the inbox with an unread count and the number masked.
  await ana.page.goto("/");
  await ana.page.locator("summary").filter({ hasText: "Account" }).click();
  await expect(ana.page.getByRole("link", { name: /Messages\s*1 unread/ })).toBeVisible();
  await ana.page.goto("/messages");
  const row = ana.page.getByRole("link").filter({ hasText: title });
  await expect(row).toContainText("1 unread");
  await expect(row).toContainText("[contact details hidden until you both pay]");
  await expect(row).not.toContainText("0412 345 678");
  await axeAtBothWidths(ana.page, 900, "inbox");
  await row.click();
  await expect(
    ana.page.getByText("Is it still available? Call me on [contact details hidden until you both pay]"),
  ).toBeVisible();
  await expect(ana.page.getByText(NOTE)).toBeVisible();
  await expect(ana.page.getByText("0412 345 678")).toHaveCount(0);
  await axeAtBothWidths(ana.page, 900, "thread-receiver");

  // A answers; B sees it, and "Seen" under their own line.
  await ana.page.getByLabel("Message to Ben Walker").fill("Yes, it is. Come and have a look on Saturday?");
  await ana.page.getByRole("button", { name: "Send" }).click();
  await expect(ana.page.getByText("Message sent")).toBeVisible();
  await ben.page.goto(thread);
  await expect(ben.page.getByText("Yes, it is. Come and have a look on Saturday?")).toBeVisible();
  await expect(ben.page.getByText("Seen")).toBeVisible();

  // B proposes: the proposal appears in the same thread, and My Swaps links it.
  const benTitle = `Ben's camera ${Date.now()}`;
  const offered = await listItem(ben.page, benTitle);
  await propose(ben.page, { offered, target: listing });
  await ana.page.goto(thread.replace(/^.*\/messages\//, "/messages/"));
  await expect(ana.page.getByText("Ben Walker proposed a swap")).toBeVisible();
  await ana.page.goto("/my-swaps");
  await ana.page.getByRole("link", { name: "Messages with Ben Walker" }).click();
  await expect(ana.page).toHaveURL(thread);

  // A blocks B: B no longer sees Message on the listing, and a message is refused.
  await ana.page.locator("summary", { hasText: "Block Ben Walker" }).click();
  await expect(ana.page.getByText(/Neither of you will be able to send messages/)).toBeVisible();
  await ana.page.getByRole("button", { name: "Block Ben Walker" }).click();
  await expect(ana.page.getByText("You can't message this member.")).toBeVisible();
  await axeAtBothWidths(ana.page, 900, "thread-blocked");
  await ben.page.goto(`/listings/${listing}`);
  await expect(ben.page.getByRole("button", { name: "Message" })).toHaveCount(0);
  const refused = await ben.page.request.post(`${thread}`, {
    form: { intent: "send", body: "Hello?" },
    headers: { origin: new URL(thread).origin },
  });
  expect(refused.status()).toBe(403);
  // A lifts it from My Account.
  await ana.page.goto("/account/blocked");
  await axeAtBothWidths(ana.page, 900, "blocked-members");
  await ana.page.getByRole("button", { name: "Unblock Ben Walker" }).click();
  await expect(ana.page.getByText("You haven't blocked anyone.")).toBeVisible();
  await ben.page.goto(`/listings/${listing}`);
  await expect(ben.page.getByRole("button", { name: "Message" })).toBeVisible();
  await ana.close();
  await ben.close();
});

test("without JavaScript: Message, send, and the page after sending says the number is hidden", async ({ browser }) => {
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker", { javaScriptEnabled: false });
  const title = `Ana's bike ${Date.now()}`;
  const listing = await listItem(ana.page, title);

  await ben.page.goto(`/listings/${listing}`);
  await ben.page.getByRole("button", { name: "Message" }).click();
  await expect(ben.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await ben.page.getByLabel("Message to Ana Costa").fill(ASK);
  await ben.page.getByRole("button", { name: "Send" }).click();
  await expect(ben.page.getByText("Message sent. Its contact details are hidden for now.")).toBeVisible();
  await expect(ben.page.getByText(NOTE)).toBeVisible();
  await expect(ben.page.getByText(ASK)).toBeVisible();

  // A visitor's Message asks them to sign in and brings them back to the listing.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/listings/${listing}`);
  await page.getByRole("link", { name: "Message" }).click();
  await expect(page.getByText("Please sign in to message members")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/listings/${listing}`);
  await visitor.close();
  await ana.close();
  await ben.close();
});

test("a picture in a message: a file that is not one is refused at once, a photo is sent and only the other member sees it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker");
  const listing = await listItem(ana.page, `Ana's kayak ${Date.now()}`);
  await ben.page.goto(`/listings/${listing}`);
  await ben.page.getByRole("button", { name: "Message" }).click();
  await expect(ben.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const thread = new URL(ben.page.url()).pathname;

  // Not a picture by its bytes, whatever it is called: said by name before anything is uploaded.
  const picker = ben.page.getByLabel("Pictures (optional)");
  await picker.setInputFiles({ name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some text") });
  await expect(ben.page.getByText("fake.jpg: Invalid file type.", { exact: false })).toBeVisible();
  await ben.page.getByRole("button", { name: "Send" }).click();
  await expect(ben.page.getByText("No messages yet", { exact: false })).toBeVisible();

  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2a6f97" } })
    .jpeg()
    .toBuffer();
  await picker.setInputFiles({ name: "kayak.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(ben.page.getByText("fake.jpg: Invalid file type.", { exact: false })).toHaveCount(0);
  await expect(ben.page.getByRole("img", { name: "1 of 1 to send: kayak.jpg" })).toBeVisible();
  await ben.page.getByLabel("Message to Ana Costa").fill("The hull, from below");
  await ben.page.getByRole("button", { name: "Send" }).click();
  await expect(ben.page.getByRole("img", { name: "Picture 1 of 1 from you (opens full size)" })).toBeVisible();
  await expect(ben.page.getByRole("img", { name: /to send/ })).toHaveCount(0);

  // The other member sees it, loaded; a visitor asking for the same address gets a 404.
  await ana.page.goto(thread);
  const seen = ana.page.getByRole("img", { name: "Picture 1 of 1 from Ben Walker (opens full size)" });
  await expect(seen).toBeVisible();
  await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await axeAtBothWidths(ana.page, 900, "thread-picture");
  const src = (await seen.getAttribute("src")) as string;
  expect(src).toMatch(/^\/uploads\/messages\//);
  const visitor = await browser.newContext();
  expect((await visitor.request.get(new URL(src, ana.page.url()).href)).status()).toBe(404);
  await visitor.close();
  await ana.close();
  await ben.close();
});
