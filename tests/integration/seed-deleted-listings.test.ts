import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as toolsPage from "#app/routes/admin/tools.tsx";
import { moderateListings } from "#core/moderation/moderate-listings.ts";
import { seedDemoData } from "#core/seed/seed-demo-data.ts";
import { resetStagingBaseline } from "#core/tools/reset-staging-baseline.ts";
import { listings } from "#db/schema/listings.ts";
import { SEED_LISTINGS } from "#db/seed/seed-data.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createStaff, staffActor } from "../support/factories";
import { postForm } from "../support/staff-route";

// Back-office defect 22 (decision 066): Seed Demo Data brought back a listing an admin had deleted for good.

const { db, clock, testApp, caller } = await backOfficeSetup();
const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const actor = staffActor(admin, ["admin"]);
const TITLE = "Vintage Vespa scooter";
const vespas = () => db.select().from(listings).where(eq(listings.title, TITLE));

describe("Seed Demo Data and a listing staff deleted", () => {
  test("a demo listing an admin deleted permanently stays deleted when the demo is seeded again; a staging reset brings the whole baseline back", {
    timeout: 300_000,
  }, async () => {
    const first = await postForm(caller, toolsPage, { user: admin, path: "/admin/tools", form: { intent: "seed" } });
    expect(first).toMatchObject({
      status: 302,
      flash: `Demo data seeded: 8 profiles, ${SEED_LISTINGS.length} listings`,
    });
    const [vespa] = await vespas();
    await moderateListings(
      { db },
      {
        actor,
        ids: [vespa.id],
        moderation: "delete",
        reason: "spam",
        now: clock.now(),
        appUrl: "http://localhost:3000",
      },
    );
    expect(await vespas()).toEqual([]);

    const again = await postForm(caller, toolsPage, { user: admin, path: "/admin/tools", form: { intent: "seed" } });
    expect(again).toMatchObject({ status: 302, flash: "Demo data seeded: 0 profiles, 0 listings" });
    expect(await vespas()).toEqual([]);

    // The baseline after a reset has every demo listing, the deleted one too.
    await resetStagingBaseline({ db }, { actor, env: testApp.env, now: clock.now() });
    const reseeded = await seedDemoData({ db, auth: testApp.auth, storage: testApp.storage, clock });
    expect(reseeded.createdListings).toBe(SEED_LISTINGS.length);
    expect(
      await db
        .select()
        .from(listings)
        .where(and(eq(listings.title, TITLE), eq(listings.status, "active"))),
    ).toHaveLength(1);
  });
});
