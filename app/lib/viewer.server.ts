import { createCookie } from "react-router";
import type { AppContext } from "../context";
import { findLocality, type Locality } from "#core/locations/localities.ts";
import { findMemberLocation } from "#core/accounts/find-member-location.ts";

/** A visitor's chosen suburb, kept for a year (a preference cookie, see the Cookie Policy). */
const locationCookie = createCookie("viewer_location", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

export type ViewerInfo = {
  userId: string | null;
  point: { latitude: number; longitude: number } | null;
  locationLabel: string | null;
};

/** Who is looking and from where: a member's profile suburb, else the visitor's cookie. */
export async function getViewer(ctx: AppContext, request: Request): Promise<ViewerInfo> {
  const user = await ctx.getUser();
  if (user) {
    const home = await findMemberLocation(ctx.db, user.id);
    if (home) return { userId: user.id, point: home, locationLabel: home.label };
  }
  const saved = (await locationCookie.parse(request.headers.get("cookie"))) as {
    suburb?: string;
    state?: string;
    postcode?: string;
  } | null;
  const locality =
    saved?.suburb && saved.postcode
      ? findLocality({ suburb: saved.suburb, state: saved.state, postcode: saved.postcode })
      : null;
  return {
    userId: user?.id ?? null,
    point: locality ? { latitude: locality.latitude, longitude: locality.longitude } : null,
    locationLabel: locality?.label ?? null,
  };
}

export function serializeViewerLocation(locality: Locality, secure: boolean) {
  return locationCookie.serialize(
    { suburb: locality.suburb, state: locality.state, postcode: locality.postcode },
    { secure },
  );
}
