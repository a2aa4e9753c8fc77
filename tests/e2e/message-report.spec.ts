// Reporting a message (issue 26, decision 086): a member reports the other member's line from the thread, staff
// open it from the Moderation Queue with the lines around it as written, the opening is in the audit trail, and
// removing it leaves "Message removed by SwapShed staff" in both members' thread.
import { axeAtBothWidths, expect as baseExpect, listItem, member, test } from "./fixtures";
import { staffSession } from "./staff";

const expect = baseExpect.configure({ timeout: 20_000 });

const ASK = "Is it still available?";
const SCAM = "Pay me $50 in gift cards first, then text 0412 345 678";

test("a member reports a message; staff see it in the queue with its context, the audit row, and remove it", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker");
  const title = `Ana's bike ${Date.now()}`;
  const listing = await listItem(ana.page, title);

  // B asks, A answers with a scam (her number is masked for B).
  await ben.page.goto(`/listings/${listing}`);
  await ben.page.getByRole("button", { name: "Message" }).click();
  await expect(ben.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const thread = ben.page.url();
  await ben.page.getByLabel("Message to Ana Costa").fill(ASK);
  await ben.page.getByRole("button", { name: "Send" }).click();
  // In the thread's lines, once stored (the box still holds the words until the send is answered).
  await expect(ben.page.getByRole("region", { name: "Messages" }).getByText(ASK)).toBeVisible();
  await ana.page.goto(thread);
  // Nobody is offered a report of their own line.
  await expect(ana.page.getByRole("link", { name: "Report this message from Ben Walker" })).toBeVisible();
  await ana.page.getByLabel("Message to Ben Walker").fill(SCAM);
  await ana.page.getByRole("button", { name: "Send" }).click();
  await expect(ana.page.getByRole("region", { name: "Messages" }).getByText(SCAM)).toBeVisible();
  await expect(ana.page.getByRole("link", { name: "Report this message from Ana Costa" })).toHaveCount(0);

  // B reports A's line: its own page, a plain form.
  await ben.page.goto(thread);
  await ben.page.getByRole("link", { name: "Report this message from Ana Costa" }).click();
  await expect(ben.page.getByRole("heading", { level: 1, name: "Report message" })).toBeVisible();
  await expect(ben.page.getByText("Pay me $50 in gift cards first")).toBeVisible();
  await axeAtBothWidths(ben.page, 900, "report-message");
  await ben.page.getByLabel("Reason").selectOption({ label: "Fraud or scam" });
  await ben.page.getByLabel("Notes (optional)").fill("Wants gift cards before I see the bike.");
  await ben.page.getByRole("button", { name: "Send report" }).click();
  await expect(ben.page).toHaveURL(thread);
  await expect(ben.page.getByText("Thanks for your report. Our moderators will review it.")).toBeVisible();

  // Staff find it in the queue among message reports, and open it: the line as written, with B's before it.
  await staffSession(page, "admin");
  await page.goto("/admin/moderation?subject=message");
  await page.getByRole("link", { name: `Message about ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/moderation\/messages\/[0-9a-f-]{36}$/);
  const reportId = page.url().split("/").at(-1) as string;
  await expect(page.getByRole("heading", { level: 1, name: "Reported message" })).toBeVisible();
  await expect(page.getByText(SCAM)).toBeVisible();
  await expect(page.getByText(ASK)).toBeVisible();
  await expect(page.getByText("Wants gift cards before I see the bike.")).toBeVisible();
  await axeAtBothWidths(page, 900, "reported-message-staff");

  // The opening is in the audit trail, under the report.
  await page.goto(`/admin/audit-logs?targetId=${reportId}`);
  await expect(page.getByText("view_reported_message").first()).toBeVisible();

  // Remove it: both members read that staff removed it, and the words are gone.
  await page.goto(`/admin/moderation/messages/${reportId}`);
  // A destructive step: the button is behind its own disclosure, with what it does.
  await expect(page.getByRole("button", { name: "Remove message" })).toBeHidden();
  await page.getByText("Remove message…").click();
  await expect(page.getByText("This cannot be undone.")).toBeVisible();
  await page.getByRole("button", { name: "Remove message" }).click();
  await expect(page.getByText("Message removed", { exact: true })).toBeVisible();
  for (const who of [ana, ben]) {
    await who.page.goto(thread);
    await expect(who.page.getByText("Message removed by SwapShed staff")).toBeVisible();
    await expect(who.page.getByText("gift cards")).toHaveCount(0);
  }
});
