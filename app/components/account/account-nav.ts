/** What a deployment may leave off, and a page that needs it with it (the layout's loader says what is on). */
export type AccountFeature = "identityProviders";

/** My Account's pages, in the order the side navigation lists them. Each page adds its own entry here. */
export const ACCOUNT_PAGES: ReadonlyArray<{ to: string; label: string; requires?: AccountFeature }> = [
  { to: "/account", label: "Profile" },
  { to: "/account/email", label: "E-mail address" },
  { to: "/account/security", label: "Sign-in & security" },
  { to: "/account/passkeys", label: "Passkeys" },
  { to: "/account/identities", label: "Linked accounts", requires: "identityProviders" },
  { to: "/account/sessions", label: "Devices" },
  { to: "/account/notifications", label: "Notifications" },
  { to: "/account/saved-searches", label: "Saved searches" },
  { to: "/account/blocked", label: "Blocked members" },
  { to: "/account/data", label: "Your data" },
];
