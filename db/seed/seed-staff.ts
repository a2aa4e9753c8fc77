import type { Role } from "../schema/profiles";

/** The demo's back-office accounts (embedded database only), signing in with the shared seed password. */
export const SEED_STAFF: { email: string; name: string; role: Role }[] = [
  { email: "admin@example.com", name: "Avery Admin", role: "admin" },
  { email: "moderator@example.com", name: "Morgan Moderator", role: "moderator" },
];
