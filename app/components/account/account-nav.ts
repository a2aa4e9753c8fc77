/** My Account's pages, in the order the side navigation lists them. Each page adds its own entry here. */
export const ACCOUNT_PAGES: ReadonlyArray<{ to: string; label: string }> = [
  { to: "/account", label: "Profile" },
  { to: "/account/passkeys", label: "Passkeys" },
];
