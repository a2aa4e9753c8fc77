import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("auth", "routes/auth.tsx"),
    route("auth/two-factor", "routes/auth.two-factor.tsx"),
    route("auth/identity", "routes/auth.identity.tsx"),
    route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
    route("auth/reset-password", "routes/auth.reset-password.tsx"),
    route("auth/verify-email", "routes/auth.verify-email.tsx"),
    route("auth/code", "routes/auth.code.tsx"),
    route("admin/two-factor", "routes/admin.two-factor.tsx"),
    route("search", "routes/search.tsx"),
    // A category's landing page, and the same in one state (decision 092).
    route("categories/:slug/:state?", "routes/categories.$slug.tsx"),
    route("create-listing", "routes/create-listing.tsx"),
    route("listings/:id", "routes/listings.$id.tsx"),
    route("listings/:id/propose", "routes/listings.$id.propose.tsx"),
    route("listings/:id/edit", "routes/listings.$id.edit.tsx"),
    route("listings/:id/report", "routes/listings.$id.report.tsx"),
    // Issue 28 (decision 097): appeals, and "Report a problem" on a paid swap.
    route("listings/:id/appeal", "routes/listings.$id.appeal.tsx"),
    route("appeal", "routes/appeal.tsx"),
    route("my-swaps/:id/problem", "routes/my-swaps.$id.problem.tsx"),
    // Issue 29 (decision 103): answer an offer with another set of listings.
    route("my-swaps/:id/counter", "routes/my-swaps.$id.counter.tsx"),
    // Issue 29 (decisions 104, 105): a swap circle its members answer, pay for and arrange.
    route("my-swaps/circles/:id", "routes/my-swaps.circles.$id.tsx"),
    // Decision 112: "Report a problem" on a paid swap circle.
    route("my-swaps/circles/:id/problem", "routes/my-swaps.circles.$id.problem.tsx"),
    // A member's public page (issue 28, decision 094): reviews with their text, reliability, listings.
    route("members/:id", "routes/members.$id.tsx"),
    route("my-swaps", "routes/my-swaps.tsx"),
    route("checkout/:sessionId", "routes/checkout.$sessionId.tsx"),
    route("dev/outbox", "routes/dev.outbox.tsx"),
    route("my-listings", "routes/my-listings.tsx"),
    route("messages", "routes/messages.tsx"),
    route("messages/:id", "routes/messages.$id.tsx"),
    route("messages/:id/report/:messageId", "routes/messages.$id.report.$messageId.tsx"),
    route("favourites", "routes/favourites.tsx"),
    // Issue 27: listings the member wants and listings of members who want what the member has.
    route("matches", "routes/matches.tsx"),
    route("notifications", "routes/notifications.tsx"),
    // Opening a notice: marks it read and redirects to what it is about (a 404 in the site's frame otherwise).
    route("notifications/:id", "routes/notifications.$id.tsx"),
    route("account", "routes/account/layout.tsx", [
      index("routes/account/profile.tsx"),
      route("email", "routes/account/email.tsx"),
      route("security", "routes/account/security.tsx"),
      route("sessions", "routes/account/sessions.tsx"),
      route("passkeys", "routes/account/passkeys.tsx"),
      route("identities", "routes/account/identities.tsx"),
      route("data", "routes/account/data.tsx"),
      route("blocked", "routes/account/blocked.tsx"),
      route("notifications", "routes/account/notifications.tsx"),
      route("saved-searches", "routes/account/saved-searches.tsx"),
    ]),
    route("auth/keep-account", "routes/auth.keep-account.tsx"),
    route("auth/reauthenticate", "routes/auth.reauthenticate.tsx"),
    route("seed", "routes/seed.tsx"),
    // One-click unsubscribe from a notice e-mail: the page (GET) shows a button; the POST is server/unsubscribe.ts.
    route("unsubscribe/:token", "routes/unsubscribe.$token.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The back office: its own frame; every page and action checks the staff gate itself (app/lib/require-staff.server.ts).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/:id", "routes/admin/users.$id.tsx"),
    route("listings", "routes/admin/listings.tsx"),
    route("swaps", "routes/admin/swaps.tsx"),
    route("swaps/:id", "routes/admin/swaps.$id.tsx"),
    // A swap circle (decision 108): read-only; its payments link to their pages.
    route("circles/:id", "routes/admin/circles.$id.tsx"),
    route("payments", "routes/admin/payments.tsx"),
    route("payments/:id", "routes/admin/payments.$id.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("moderation", "routes/admin/moderation.tsx"),
    route("moderation/signals", "routes/admin/moderation.signals.tsx"),
    // A message report (decision 086): the only staff page with members' messages on it; opening it is audited.
    route("moderation/messages/:id", "routes/admin/moderation.messages.$id.tsx"),
    // Appeals (decision 097): a kind in the Moderation Queue, listed and decided on pages of their own.
    route("moderation/appeals", "routes/admin/moderation.appeals.tsx"),
    route("moderation/appeals/:id", "routes/admin/moderation.appeals.$id.tsx"),
    // A swap's thread, for a reported problem (decision 097): reading it is audited.
    route("swaps/:id/thread", "routes/admin/swaps.$id.thread.tsx"),
    // A review report (decision 094): the review, and remove it or dismiss the report.
    route("moderation/reviews/:id", "routes/admin/moderation.reviews.$id.tsx"),
    route("audit-logs", "routes/admin/audit-logs.tsx"),
    route("logs", "routes/admin/logs.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("search", "routes/admin/search.tsx"),
    route("tools", "routes/admin/tools.tsx"),
    // Any other /admin/... address: a 404 inside the back office's frame (after the gate).
    route("*", "routes/admin/not-found.tsx"),
  ]),
  route("admin/users/:id/export", "routes/admin/users.$id.export.tsx"),
  route("admin/tools/logs-bundle", "routes/admin/tools.logs-bundle.tsx"),
  route("admin/reports/csv", "routes/admin/reports.csv.tsx"),
  route("admin/logs/export", "routes/admin/logs.export.tsx"),
  route("admin/sidebar", "routes/admin/sidebar.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("account/data/export", "routes/account/data.export.tsx"),
  route("auth/identity/complete", "routes/auth.identity.complete.tsx"),
  // Passkey ceremonies: the browser asks for a challenge (JSON), runs WebAuthn, then posts the answer.
  route("account/passkeys/options", "routes/account/passkeys.options.ts"),
  route("account/push-subscription", "routes/account/push-subscription.ts"),
  route("auth/passkey/options", "routes/auth.passkey.options.ts"),
  route("auth/passkey", "routes/auth.passkey.ts"),
  route("auth/reauthenticate/passkey-options", "routes/auth.reauthenticate.passkey-options.ts"),
  route("listings/:id/favourite", "routes/listings.$id.favourite.tsx"),
  route("my-swaps/:id/pay", "routes/my-swaps.$id.pay.tsx"),
  // Arranging a paid swap (decision 096): the steps, and the agreed time and place as a calendar file.
  route("my-swaps/:id/arrange", "routes/my-swaps.$id.arrange.tsx"),
  route("my-swaps/:id/meeting.ics", "routes/my-swaps.$id.meeting-ics.ts"),
  route("location", "routes/location.tsx"),
  // Text pages carry their own slim header (LegalPage).
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("investors", "routes/investors.tsx"),
] satisfies RouteConfig;
