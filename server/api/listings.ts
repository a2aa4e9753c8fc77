import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "../../app/context";
import { readListingForm } from "../../app/lib/listing-form.server";
import { createListing } from "../../core/listings/create-listing";
import { deleteListing } from "../../core/listings/delete-listing";
import { findFavouriteListings } from "../../core/listings/find-favourite-listings";
import { findHomeListings } from "../../core/listings/find-home-listings";
import { findListing } from "../../core/listings/find-listing";
import { findMyListings } from "../../core/listings/find-my-listings";
import { setFavourite } from "../../core/listings/toggle-favourite";
import { updateListing } from "../../core/listings/update-listing";
import { getMemberLocation } from "../../core/users/get-member-location";
import { AppError } from "../../core/shared/app-error";
import { MAX_IMAGE_BYTES, MAX_IMAGES } from "../../core/listings/listing-schema";
import { localitiesHandler } from "./localities";

type Env = { Variables: { ctx: AppContext } };

/** 8 pictures of up to 5 MB each, plus the text fields: anything larger is refused before it is read. */
export const LISTING_UPLOAD_LIMIT = MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

async function signedIn(ctx: AppContext) {
  const user = await ctx.getUser();
  if (!user) throw new AppError("UNAUTHENTICATED", "Authentication required");
  return user;
}

async function viewerOf(ctx: AppContext) {
  const user = await ctx.getUser();
  const point = user ? await getMemberLocation(ctx.db, user.id) : null;
  return { userId: user?.id ?? null, point };
}

/** /api/v1 listings, favourites and localities: the same use cases the pages call. */
export function createListingRoutes() {
  const api = new Hono<Env>();

  api.get("/localities", (c) => c.json(localitiesHandler(c.req.query("q"))));

  api.get("/listings", async (c) => {
    const ctx = c.get("ctx");
    const limit = Math.min(Math.max(Number(c.req.query("limit")) || 12, 1), 50);
    return c.json({ listings: await findHomeListings(ctx.db, { viewer: await viewerOf(ctx), limit }) });
  });

  api.get("/listings/:id", async (c) => {
    const ctx = c.get("ctx");
    const listing = await findListing(ctx.db, { id: c.req.param("id"), viewer: await viewerOf(ctx) });
    if (!listing) throw new AppError("NOT_FOUND", "Listing not found");
    return c.json({ listing });
  });

  api.post("/listings", bodyLimit({ maxSize: LISTING_UPLOAD_LIMIT, onError: (c) => c.json({ error: "File size exceeds 5MB limit." }, 413) }), async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const input = await readListingForm(c.req.raw);
    const result = await createListing(ctx, { ownerId: user.id, ...input });
    if (!result.ok) return c.json({ error: result.message, fields: result.fields }, result.status as 400);
    return c.json({ id: result.id }, 201);
  });

  api.put("/listings/:id", bodyLimit({ maxSize: LISTING_UPLOAD_LIMIT, onError: (c) => c.json({ error: "File size exceeds 5MB limit." }, 413) }), async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const input = await readListingForm(c.req.raw);
    const result = await updateListing(ctx, { listingId: c.req.param("id"), actorId: user.id, ...input });
    if (!result.ok) return c.json({ error: result.message, fields: result.fields }, result.status as 400);
    return c.json({ id: result.id });
  });

  api.delete("/listings/:id", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    await deleteListing(ctx, { listingId: c.req.param("id"), actorId: user.id });
    return c.json({ ok: true });
  });

  api.get("/me/listings", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    return c.json(await findMyListings(ctx.db, { ownerId: user.id, cursor: c.req.query("cursor") }));
  });

  api.get("/me/favourites", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    return c.json({ listings: await findFavouriteListings(ctx.db, { userId: user.id, viewer: await viewerOf(ctx) }) });
  });

  for (const [method, favourite] of [["put", true], ["delete", false]] as const) {
    api[method]("/listings/:id/favourite", async (c) => {
      const ctx = c.get("ctx");
      const user = await signedIn(ctx);
      const now = await setFavourite(ctx.db, { userId: user.id, listingId: c.req.param("id"), favourite });
      return c.json({ favourite: now });
    });
  }

  return api;
}
