import { axeAtBothWidths, expect, listItem, member, propose, test } from "./fixtures";
import { readMail } from "./mailbox";

// Notification settings and one-click unsubscribe (issue 26, decision 085): a member turns a kind's e-mail off
// with a plain form (JavaScript off), is told it is saved, and a refused combination says why; a notice mail's
// unsubscribe link opened with no session shows a button, and pressing it stops only that kind.

test("notification settings save with a plain form and a toast; a digest without the bell is refused (JavaScript off)", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const ana = await member(browser, "Ana Costa", { javaScriptEnabled: false });
  const page = ana.page;
  await page.goto("/account");
  await page.getByRole("link", { name: "Notifications", exact: true }).last().click();
  await expect(page).toHaveURL(/\/account\/notifications$/);
  const offers = page.getByRole("group", { name: "Offers you receive" });
  const offersMail = offers.getByRole("group", { name: "E-mail" });
  await expect(offersMail.getByRole("radio", { name: "Immediately" })).toBeChecked();
  await expect(
    page.getByRole("group", { name: "New messages" }).getByRole("radio", { name: "If unread after an hour" }),
  ).toBeChecked();

  await offersMail.getByRole("radio", { name: "Off" }).check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByText("Notification settings saved")).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Offers you receive" }).getByRole("radio", { name: "Off" }),
  ).toBeChecked();
  await expect(offers.getByRole("checkbox", { name: "In SwapShed (the bell)" })).toBeChecked();

  const reviews = page.getByRole("group", { name: "Reviews of you" });
  await reviews.getByRole("checkbox", { name: "In SwapShed (the bell)" }).uncheck();
  await reviews.getByRole("radio", { name: "Daily digest (7 am)" }).check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByRole("alert")).toContainText("Reviews of you: the daily digest lists notifications");
  await ana.close();
});

test("the unsubscribe link of an offer mail, opened signed out, stops only that kind", async ({ browser }) => {
  test.setTimeout(90_000);
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker");
  const stamp = Date.now();
  const anaListing = await listItem(ana.page, `Ana's speaker ${stamp}`);
  const benListing = await listItem(ben.page, `Ben's camera ${stamp}`);
  await propose(ben.page, { offered: benListing, target: anaListing });

  const mail = await readMail(ana.page, ana.email, /^New swap offer: Ben Walker/);
  const link = mail.text.match(/unsubscribe in one click: (\S+)/)?.[1];
  expect(link).toMatch(/\/unsubscribe\//);

  const stranger = await browser.newContext();
  const page = await stranger.newPage();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByText("Stop e-mails about offers you receive?")).toBeVisible();
  await axeAtBothWidths(page, 700, "unsubscribe");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText(
    "You're unsubscribed. We won't e-mail you about offers you receive any more.",
  );
  await stranger.close();

  await ana.page.goto("/account/notifications");
  await expect(
    ana.page.getByRole("group", { name: "Offers you receive" }).getByRole("radio", { name: "Off" }),
  ).toBeChecked();
  await expect(
    ana.page.getByRole("group", { name: "Your offers accepted" }).getByRole("radio", { name: "Immediately" }),
  ).toBeChecked();
  await axeAtBothWidths(ana.page, 900, "notification-settings");
  await ana.close();
  await ben.close();
});
