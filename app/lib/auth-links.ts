import { safeRedirect } from "./safe-redirect";

/**
 * Links to /auth that bring the visitor back: `redirectTo` is where they were (or were going), checked by
 * safeRedirect here and again by the /auth action, so only a path on this site is ever followed.
 */
export function authHref({
  mode,
  reason,
  redirectTo,
}: {
  mode?: "signin" | "signup";
  reason?: string;
  redirectTo?: string | null;
}) {
  const back = safeRedirect(redirectTo, "");
  const params = new URLSearchParams();
  if (mode === "signup") params.set("mode", mode);
  if (reason) params.set("reason", reason);
  // "/" is where /auth sends everyone anyway: the link stays short.
  if (back && back !== "/") params.set("redirectTo", back);
  return params.size ? `/auth?${params}` : "/auth";
}

/**
 * Where the header's Login and Sign Up come back to: the page the visitor is on. On the sign-in pages themselves
 * it is where they were already going (their own `redirectTo`), never the sign-in page.
 */
export function returnPathOf(location: { pathname: string; search: string }): string {
  if (location.pathname === "/auth" || location.pathname.startsWith("/auth/")) {
    return safeRedirect(new URLSearchParams(location.search).get("redirectTo"), "");
  }
  return `${location.pathname}${location.search}`;
}

/** Signed-out "Propose Swap": after signing in (or up) the visitor lands on the proposal for that item. */
export const proposeSignInHref = (listingId: string) =>
  authHref({ reason: "propose", redirectTo: `/listings/${listingId}/propose` });
