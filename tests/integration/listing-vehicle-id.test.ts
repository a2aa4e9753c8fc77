import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { VEHICLE_ID_WRONG_CATEGORY } from "#core/listings/listing-schema.ts";
import { listings } from "#db/schema/listings.ts";
import { GOOD_LISTING, sameOrigin, signUpMember } from "../support/api-factories";
import { appWithUploads } from "../support/app-with-uploads";
import { makeJpeg } from "../support/images";
import { createPageHandler } from "../support/page-build";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";

// A VIN or HIN on a car, motorbike or boat listing (issue 28, decision 096): normalised, shown on the listing's
// page with a link to the PPSR, refused with a clear message in any other category.

const { db, handle, testApp, app } = await appWithUploads();
const pages = createTestApp(handle, {
  pageHandler: await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "production" }),
}).app;

async function create(cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...GOOD_LISTING, ...fields })) form.append(name, value);
  form.append(
    "images",
    new File([new Uint8Array(await makeJpeg({ width: 64, height: 48 }))], "photo.jpg", { type: "image/jpeg" }),
  );
  return app.request("/api/v1/listings", { method: "POST", body: form, headers: sameOrigin(cookie) });
}

describe("VIN or HIN", () => {
  test("a car's VIN is stored upper case without spaces, in the API and on its page with the PPSR link", async () => {
    const member = await signUpMember(testApp);
    const res = await create(member.cookie, {
      title: "2012 Toyota HiLux SR",
      category: "cars_vehicles",
      vehicleId: "6t1 bf3fk-0cx123456",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row.vehicleId).toBe("6T1BF3FK0CX123456");
    const api = await (await app.request(`/api/v1/listings/${id}`)).json();
    expect(api.listing.vehicleId).toBe("6T1BF3FK0CX123456");
    const page = await (await pages.request(`/listings/${id}`)).text();
    expect(page).toContain("6T1BF3FK0CX123456");
    expect(page).toContain("https://www.ppsr.gov.au/");
  });

  test("in another category it is refused with its message and nothing is listed", async () => {
    const member = await signUpMember(testApp);
    const before = (await db.select({ id: listings.id }).from(listings)).length;
    const res = await create(member.cookie, { title: "Weber kettle", vehicleId: "6T1BF3FK0CX123456" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: VEHICLE_ID_WRONG_CATEGORY,
      fields: { vehicleId: VEHICLE_ID_WRONG_CATEGORY },
    });
    expect((await db.select({ id: listings.id }).from(listings)).length).toBe(before);
    // Left empty, any category is fine.
    expect((await create(member.cookie, { title: "Weber kettle", vehicleId: "" })).status).toBe(201);
  });
});
