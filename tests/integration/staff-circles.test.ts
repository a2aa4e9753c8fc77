// A swap circle in the back office (decision 108): staff who see swaps see who gives what to whom, each member's
// answer and fee, and the circle's payments, each linking to its payment page (and the payment page back to it).
import { expect, test } from "vitest";
import { acceptCircle } from "#core/circles/accept-circle.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import { circleKey } from "#core/swaps/find-swap-circles.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createListing, createMember, createStaff } from "../support/factories";
import { createPageHandler } from "../support/page-build";
import { contextFor } from "../support/staff-route";
import { TEST_ORIGIN } from "../support/test-app";
import { controlledClock } from "../support/test-clock";

const { handle, caller } = await backOfficeSetup();
const db = handle.db;
const pages = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "production" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const clock = controlledClock(new Date());
const WHOLE_PAGE = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };

async function draw(path: string) {
  const response = await pages(
    new Request(`${TEST_ORIGIN}${path}`, { headers: WHOLE_PAGE }),
    contextFor(caller, moderator),
  );
  return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, "") };
}

test("a moderator sees the circle's legs, answers and payments, linked both ways with the payment page", async () => {
  const ana = await createMember(db, { name: "Ana Costa" });
  const ben = await createMember(db, { name: "Ben Walker" });
  const cleo = await createMember(db, { name: "Cleo Park" });
  const members = [ana, ben, cleo];
  const owned = [
    await createListing(db, ana.id, { title: "Sea kayak" }),
    await createListing(db, ben.id, { title: "Paddleboard" }),
    await createListing(db, cleo.id, { title: "Surfboard" }),
  ];
  const legs = members.map((m, i) => ({ giverId: m.id, listingId: owned[i], receiverId: members[(i + 1) % 3].id }));
  const circleId = await db.transaction((tx) =>
    offerCircle(tx, { legs, key: circleKey(legs), fairness: 1 }, { now: clock.now() }),
  );
  if (!circleId) throw new Error("expected the circle to be offered");
  await acceptCircle({ db, clock }, { circleId, userId: ben.id });
  const [payment] = await db
    .insert(paymentLogs)
    .values({ swapCircleId: circleId, userId: ana.id, amountCents: 999, status: "pending", provider: "local" })
    .returning();

  const { status, html } = await draw(`/admin/circles/${circleId}`);
  expect(status).toBe(200);
  expect(html).toContain("Swap circle of 3");
  for (const line of [
    /Ana Costa<\/a> gives <span[^>]*>Sea kayak<\/span> <span[^>]*>\(\$120 – \$180\)<\/span> to <a[^>]*>Ben Walker/,
    /Ben Walker<\/a> gives <span[^>]*>Paddleboard<\/span>/,
    /Cleo Park<\/a> gives <span[^>]*>Surfboard<\/span>/,
  ])
    expect(html).toMatch(line);
  expect(html.match(/Not yet accepted/g)).toHaveLength(2);
  expect(html.match(/Accepted \d/g)).toHaveLength(1);
  expect(html).toContain(`href="/admin/payments/${payment.id}"`);
  expect(html).toMatch(/\$9\.99 from Ana Costa/);

  const paymentPage = await draw(`/admin/payments/${payment.id}`);
  expect(paymentPage.html).toContain(`href="/admin/circles/${circleId}"`);
});
