import type { Role } from "../schema/profiles";

/** The demo's back-office accounts (embedded database only), signing in with the shared seed password. */
export const SEED_STAFF: { email: string; name: string; role: Role }[] = [
  { email: "admin@example.com", name: "Avery Admin", role: "admin" },
  // A second admin: two people on the demo's audit log, and an admin of its own for each browser journey.
  { email: "support@example.com", name: "Sasha Support", role: "admin" },
  { email: "moderator@example.com", name: "Morgan Moderator", role: "moderator" },
  // A third admin for the Settings journey, which turns site-wide switches and rotates the session key.
  { email: "ops@example.com", name: "Olly Ops", role: "admin" },
];
