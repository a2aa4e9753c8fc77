// Issue 29 (decisions 104, 105): a swap circle of three members, accepted by all, paid by all, and each member
// shown the contact details of exactly the member they give to and the member they get from.
//
// The circle is offered here as the finder offers it (core/circles/offer-circle.ts, in the test's own connection
// to the server's database). That needs the server on PostgreSQL: the embedded database belongs to the server's
// process alone. Until the events path offers circles itself, this journey runs in the PostgreSQL journeys only.
import { acceptCircle } from "#core/circles/accept-circle.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import { circleKey } from "#core/swaps/find-swap-circles.ts";
import { openDatabase } from "#db/client.ts";
import { expect, listItem, type Member, member, originHeader, test } from "./fixtures";

const databaseUrl = process.env.E2E_DATABASE_URL;
test.skip(!databaseUrl, "offering a circle needs the server's database (PostgreSQL journeys)");

async function idOf(someone: Member): Promise<string> {
  const res = await someone.page.request.get("/api/v1/me", { headers: originHeader() });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).user.id as string;
}

test("three members: a circle offered, accepted by all, paid by all, contact details shown to the right pairs", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const phone = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true };
  const people = [
    await member(browser, "Ana Costa", phone),
    await member(browser, "Ben Walker"),
    await member(browser, "Cleo Park"),
  ];
  const titles = ["Ana's kayak", "Ben's paddleboard", "Cleo's surfboard"];
  const owned: string[] = [];
  for (const [i, someone] of people.entries()) owned.push(await listItem(someone.page, titles[i]));
  const ids = await Promise.all(people.map(idOf));

  // Ana gives her kayak to Ben, Ben his paddleboard to Cleo, Cleo her surfboard to Ana.
  const legs = ids.map((giverId, i) => ({ giverId, listingId: owned[i], receiverId: ids[(i + 1) % 3] }));
  const db = await openDatabase({ url: databaseUrl! });
  let circleId: string | null;
  try {
    circleId = await db.db.transaction((tx) =>
      offerCircle(tx, { legs, key: circleKey(legs), fairness: 1 }, { now: new Date() }),
    );
    expect(circleId).not.toBeNull();
    // Ben and Cleo said yes already (the same use case their buttons call); Ana answers in her browser.
    for (const userId of ids.slice(1))
      await acceptCircle({ db: db.db, clock: { now: () => new Date() } }, { circleId: circleId!, userId });
  } finally {
    await db.close();
  }

  const ana = people[0].page;
  await ana.goto("/my-swaps");
  await expect(ana.getByRole("heading", { name: "Swap circles" })).toBeVisible();
  await expect(ana.getByText("Your turn")).toBeVisible();
  await ana.getByRole("link", { name: "Open swap circle" }).click();
  await expect(ana.getByRole("heading", { name: "Swap circle", level: 1 })).toBeVisible();
  await expect(ana.getByText("You give to Ben Walker")).toBeVisible();
  await expect(ana.getByText("You get from Cleo Park")).toBeVisible();
  await ana.screenshot({ path: test.info().outputPath("circle-offered-375.png"), fullPage: true });
  // Nobody's details before everyone has paid.
  await expect(ana.getByRole("heading", { name: "Contact details" })).toHaveCount(0);

  await ana.getByRole("button", { name: "Accept swap circle" }).click();
  await expect(ana.getByText("Everyone accepted the swap circle!")).toBeVisible();

  // Each pays on the test checkout.
  for (const someone of people) {
    const page = someone.page;
    await page.goto(`/my-swaps/circles/${circleId!}`);
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel(/expiry/i).fill("12/34");
    await page.getByLabel(/cvc/i).fill("123");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByText("Payment received. Thank you!")).toBeVisible({ timeout: 15_000 });
  }

  // Each sees the member they give to and the member they get from, and nobody else.
  const expected: [number, string, string][] = [
    [0, "Ben Walker", "Cleo Park"],
    [1, "Cleo Park", "Ana Costa"],
    [2, "Ana Costa", "Ben Walker"],
  ];
  for (const [i, giveTo, getFrom] of expected) {
    const page = people[i].page;
    await page.goto(`/my-swaps/circles/${circleId!}`);
    const contacts = page.getByRole("region", { name: "Contact details" });
    await expect(contacts).toBeVisible();
    await expect(contacts.getByText("You give to")).toBeVisible();
    await expect(contacts.getByText(giveTo)).toBeVisible();
    await expect(contacts.getByText(people.find((p) => p.name === giveTo)!.email)).toBeVisible();
    await expect(contacts.getByText(getFrom)).toBeVisible();
    await expect(contacts.getByText(people.find((p) => p.name === getFrom)!.email)).toBeVisible();
    await expect(contacts.getByText(people[i].email)).toHaveCount(0);
  }
  await ana.screenshot({ path: test.info().outputPath("circle-paid-375.png"), fullPage: true });

  // A stranger is told there is no such circle.
  const stranger = await member(browser, "Dev Stranger");
  const res = await stranger.page.request.get(`/my-swaps/circles/${circleId!}`);
  expect(res.status()).toBe(404);
  for (const someone of [...people, stranger]) await someone.close();
});
