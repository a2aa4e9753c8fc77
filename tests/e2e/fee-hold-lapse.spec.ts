import pg from "pg";
import {
  accept,
  expect as baseExpect,
  expectNoAxeViolations,
  listItem,
  member,
  payOnTestCheckout,
  propose,
  test,
} from "./fixtures";
import { readMail } from "./mailbox";
import { postgres, staffSession } from "./staff";

// Issue 29, decision 102: nobody pays for a ghost. Ana pays, Ben never does; when the 48 hours pass the swap lapses,
// Ana's hold is released and she is told she was not charged; staff see the payment released, not captured.
// The 48 hours are moved into the past in the database, so this journey runs where the journeys can reach it: on
// PostgreSQL (the embedded database is the app process's own). The background run lapses the swap within a tick.

// The background run ticks every 15 seconds; the lapse and its mail take up to two ticks on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 375, height: 812 };

test.skip(!postgres, "moves a swap's payment deadline in the database: PostgreSQL journeys only");

test("a swap the other member never pays for lapses: the payer's hold is released and nobody is charged", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await member(browser, "Ana Costa", { viewport: PHONE });
  const ben = await member(browser, "Ben Walker");
  const tag = Date.now();
  const offered = await listItem(ana.page, `Ana's kayak ${tag}`);
  const target = await listItem(ben.page, `Ben's paddleboard ${tag}`);
  const swapId = await propose(ana.page, { offered, target });
  await accept(ben.page, swapId);

  // Ana pays: her fee is held, not charged, while Ben has not paid.
  await payOnTestCheckout(ana.page, swapId);
  const card = ana.page.getByRole("article").filter({ hasText: `Ben's paddleboard ${tag}` });
  await expect(
    card.getByText(/Your \$9\.99 is held, not charged\. When Ben pays too, both fees are charged/),
  ).toBeVisible();

  // The 48 hours pass (moved back in the database), and the background run lapses the swap.
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  try {
    await client.query("update swap_proposals set payment_due_at = now() - interval '1 minute' where id = $1", [
      swapId,
    ]);
  } finally {
    await client.end();
  }
  await expect(async () => {
    await ana.page.goto("/my-swaps?tab=sent");
    await baseExpect(card.getByText("Expired")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(
    card.getByText("Your $9.99 was only held: the hold is released and you were not charged."),
  ).toBeVisible();
  await ana.page.screenshot({ path: test.info().outputPath("lapsed-hold-375.png"), fullPage: true });
  await expectNoAxeViolations(ana.page);

  // Both are told; Ana's mail says the hold was let go.
  const mail = await readMail(ana.page, ana.email, /has lapsed$/);
  baseExpect(mail.text).toContain("was only held, not charged: the hold on your card is released");
  const bens = await readMail(ben.page, ben.email, /has lapsed$/);
  baseExpect(bens.text).toContain("You hadn't paid, so nothing was charged.");

  // Staff see Ana's payment released, never captured.
  const staff = await browser.newPage();
  await staffSession(staff, "admin");
  await staff.goto("/admin/payments?status=released");
  const row = staff.getByRole("row").filter({ hasText: "Ana Costa" }).first();
  await expect(row.getByText("released, not charged (swap lapsed)")).toBeVisible();
  await row.getByRole("link", { name: "$9.99" }).click();
  await expect(staff.getByText(/^released, not charged \(swap lapsed\), /)).toBeVisible();
  await expect(staff.getByText("payment_intent.canceled")).toBeVisible();
  await staff.close();
  await ana.close();
  await ben.close();
});
