import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { TOO_MANY_WANTS_CATEGORIES, UNKNOWN_WANTS_CATEGORY, WANTS_TOO_LONG } from "#core/listings/listing-schema.ts";
import { searchListings } from "#core/listings/search-listings.ts";
import { listings } from "#db/schema/listings.ts";
import { GOOD_LISTING, sameOrigin, signUpMember } from "../support/api-factories";
import { appWithUploads } from "../support/app-with-uploads";
import { makeJpeg } from "../support/images";
import { createPageHandler } from "../support/page-build";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";

// "What I'd swap it for" (issue 27): free text and up to 3 categories on a listing, shown on its page under its
// own heading, checked on the server, and never matched by search as if it were the item.

const { db, handle, testApp, app } = await appWithUploads();
// The listing's page, rendered as the site renders it.
const pages = createTestApp(handle, {
  pageHandler: await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "production" }),
}).app;

/** The listing form as multipart, as the page's JavaScript sends it: one `wantsCategories` part per ticked box. */
async function listingForm(fields: Record<string, string | string[]>, withPicture = true) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...GOOD_LISTING, ...fields }))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  if (withPicture)
    form.append(
      "images",
      new File([new Uint8Array(await makeJpeg({ width: 64, height: 48 }))], "photo.jpg", { type: "image/jpeg" }),
    );
  return form;
}

const create = async (cookie: string, fields: Record<string, string | string[]>) =>
  app.request("/api/v1/listings", { method: "POST", body: await listingForm(fields), headers: sameOrigin(cookie) });

const searchIds = async (q: string) =>
  (await searchListings(db, { params: { q, location: "", sort: "relevance" }, limit: 100 })).listings.map((l) => l.id);

describe("What I'd swap it for", () => {
  test("a member lists an item with what they'd swap it for: its page shows it under its heading, and search does not match it as the item", async () => {
    const member = await signUpMember(testApp);
    const res = await create(member.cookie, {
      title: "Brass ship's bell",
      description: "Polished brass bell on a timber bracket, rings loud and clear.",
      category: "collectibles",
      wants: "A quokka-shaped letterbox, or a tinny with a trailer.",
      wantsCategories: ["boats_marine", "home_garden", "boats_marine"],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row.wants).toBe("A quokka-shaped letterbox, or a tinny with a trailer.");
    expect(row.wantsCategories).toEqual(["boats_marine", "home_garden"]);

    const api = await (await app.request(`/api/v1/listings/${id}`)).json();
    expect(api.listing).toMatchObject({ wants: row.wants, wantsCategories: ["boats_marine", "home_garden"] });
    const page = await (await pages.request(`/listings/${id}`)).text();
    expect(page).toContain("What I&#x27;d swap it for");
    expect(page).toContain("A quokka-shaped letterbox, or a tinny with a trailer.");
    expect(page).toContain("Boats &amp; Marine");

    // What the owner wants is not what the listing is.
    expect(await searchIds("quokka letterbox")).not.toContain(id);
    expect(await searchIds("tinny")).not.toContain(id);
    expect(await searchIds("brass bell")).toContain(id);
  });

  test("both are optional: a listing without them has no such section", async () => {
    const member = await signUpMember(testApp);
    const res = await create(member.cookie, { title: "Plain garden gnome" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ wants: "", wantsCategories: [] });
    expect(await (await pages.request(`/listings/${id}`)).text()).not.toContain("What I&#x27;d swap it for");
  });

  const refusals: [string, Record<string, string | string[]>, string, string][] = [
    ["501 characters of wishes", { wants: "w".repeat(501) }, "wants", WANTS_TOO_LONG],
    [
      "four categories",
      { wantsCategories: ["boats_marine", "home_garden", "fashion", "electronics"] },
      "wantsCategories",
      TOO_MANY_WANTS_CATEGORIES,
    ],
    ["a category that is not one", { wantsCategories: ["services"] }, "wantsCategories", UNKNOWN_WANTS_CATEGORY],
  ];
  for (const [what, fields, field, message] of refusals) {
    test(`${what} is refused with '${message}' and nothing is created`, async () => {
      const member = await signUpMember(testApp);
      const res = await create(member.cookie, { title: "Refused wishes", ...fields });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.fields?.[field]).toBe(message);
      expect(await db.select().from(listings).where(eq(listings.userId, member.userId))).toHaveLength(0);
    });
  }

  test("the owner changes and clears them when editing; a refused edit changes nothing", async () => {
    const member = await signUpMember(testApp);
    const res = await create(member.cookie, { wants: "A kayak.", wantsCategories: ["boats_marine"] });
    const { id } = (await res.json()) as { id: string };
    const [{ images }] = await db.select({ images: listings.images }).from(listings).where(eq(listings.id, id));
    const edit = async (fields: Record<string, string | string[]>) => {
      const form = await listingForm({ ...fields, keepImages: images.map((i) => i.key) }, false);
      return app.request(`/api/v1/listings/${id}`, { method: "PUT", body: form, headers: sameOrigin(member.cookie) });
    };
    expect((await edit({ wants: "w".repeat(501) })).status).toBe(400);
    expect((await db.select().from(listings).where(eq(listings.id, id)))[0].wants).toBe("A kayak.");
    expect((await edit({ wants: "A surfboard, 7 ft or so.", wantsCategories: ["sports_outdoors"] })).status).toBe(200);
    expect((await db.select().from(listings).where(eq(listings.id, id)))[0]).toMatchObject({
      wants: "A surfboard, 7 ft or so.",
      wantsCategories: ["sports_outdoors"],
    });
    expect((await edit({})).status).toBe(200);
    expect((await db.select().from(listings).where(eq(listings.id, id)))[0]).toMatchObject({
      wants: "",
      wantsCategories: [],
    });
  });
});
