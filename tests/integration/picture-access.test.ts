import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { deleteListing } from "#core/listings/delete-listing.ts";
import { moderateListings } from "#core/moderation/moderate-listings.ts";
import { systemClock } from "#core/shared/clock.ts";
import { listings } from "#db/schema/listings.ts";
import { postListing, signUpMember } from "../support/api-factories";
import { createSwap, staffActor } from "../support/factories";
import { createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const testApp = createTestApp(handle, { authAddressLimit: 1000 });

async function pictureOf(listingId: string) {
  const [row] = await db.select({ images: listings.images }).from(listings).where(eq(listings.id, listingId));
  return `/uploads/${row.images[0].key}-${row.images[0].widths[0]}.webp`;
}
const fetchAs = (url: string, cookie?: string) => testApp.app.request(url, { headers: cookie ? { cookie } : {} });

describe("who may see a listing's pictures", () => {
  test("an active listing's pictures are public, cached for an hour at most", async () => {
    const owner = await signUpMember(testApp);
    const url = await pictureOf(await postListing(testApp, owner.cookie));
    const res = await fetchAs(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  test("once its owner deletes it, a visitor gets a 404; the owner still sees it, privately", async () => {
    const owner = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie);
    const url = await pictureOf(id);
    await deleteListing({ db, clock: systemClock }, { listingId: id, actorId: owner.userId });
    expect((await fetchAs(url)).status).toBe(404);
    const own = await fetchAs(url, owner.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
  });

  test("a taken-down listing's pictures are gone for visitors and strangers, but the other party of its completed swap keeps them", async () => {
    const owner = await signUpMember(testApp);
    const partner = await signUpMember(testApp);
    const stranger = await signUpMember(testApp);
    const id = await postListing(testApp, owner.cookie);
    const theirs = await postListing(testApp, partner.cookie);
    await createSwap(db, {
      status: "completed",
      offeredListingId: theirs,
      targetListingId: id,
      proposerId: partner.userId,
      receiverId: owner.userId,
    });
    const url = await pictureOf(id);
    const staff = staffActor({ id: stranger.userId, name: "Mod", email: stranger.email }, ["moderator"], "127.0.0.1");
    await db.update(listings).set({ status: "active" }).where(eq(listings.id, id));
    await moderateListings(
      { db },
      {
        actor: staff,
        ids: [id],
        moderation: "takedown",
        reason: "DMCA",
        now: new Date(),
        appUrl: "http://localhost:3000",
      },
    );
    expect((await fetchAs(url)).status).toBe(404);
    expect((await fetchAs(url, stranger.cookie)).status).toBe(404);
    expect((await fetchAs(url, partner.cookie)).status).toBe(200);
  });

  test("a file no listing points at is nobody's", async () => {
    const owner = await signUpMember(testApp);
    expect((await fetchAs(`/uploads/listings/${owner.userId}/1234567890-abcdef12-320.webp`, owner.cookie)).status).toBe(
      404,
    );
  });
});
