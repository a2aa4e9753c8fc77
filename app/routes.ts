import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("auth", "routes/auth.tsx"),
    route("auth/two-factor", "routes/auth.two-factor.tsx"),
    route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
    route("auth/reset-password", "routes/auth.reset-password.tsx"),
    route("admin/two-factor", "routes/admin.two-factor.tsx"),
    route("search", "routes/search.tsx"),
    route("create-listing", "routes/create-listing.tsx"),
    route("listings/:id", "routes/listing.tsx"),
    route("listings/:id/propose", "routes/listing.propose.tsx"),
    route("my-swaps", "routes/my-swaps.tsx"),
    route("checkout/:sessionId", "routes/checkout.tsx"),
    route("dev/outbox", "routes/dev.outbox.tsx"),
    route("my-listings", "routes/my-listings.tsx"),
    route("favourites", "routes/favourites.tsx"),
    route("account", "routes/account.tsx"),
    route("seed", "routes/seed.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The back office: its own frame; every page and action checks the staff gate itself (app/lib/require-staff.server.ts).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/:id", "routes/admin/user.tsx"),
    route("listings", "routes/admin/listings.tsx"),
    route("audit-logs", "routes/admin/audit-logs.tsx"),
    route("search", "routes/admin/search.tsx"),
  ]),
  route("admin/users/:id/export", "routes/admin/user-export.tsx"),
  route("admin/sidebar", "routes/admin/sidebar.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("listings/:id/favourite", "routes/listing.favourite.tsx"),
  route("my-swaps/:id/pay", "routes/swap.pay.tsx"),
  route("location", "routes/location.tsx"),
  // Text pages carry their own slim header (LegalPage).
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("investors", "routes/investors.tsx"),
] satisfies RouteConfig;
