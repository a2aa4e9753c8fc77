import { seedStaffAccounts, maySeedStaff, type NewDemoStaff } from "#core/seed/seed-staff-accounts.ts";
import { logger } from "#core/shared/logger.ts";
import type { Db } from "#db/client.ts";
import type { Auth } from "#core/auth/auth.ts";
import type { Env } from "./env";

/**
 * At boot of the embedded demo (the server, `npm run dev`, `npm run seed`): makes the demo's staff accounts that are
 * missing and prints their passwords once, to this console only, never to the log shipper or a page (decision 066).
 */
export async function prepareDemoStaff(
  deps: { db: Db; auth: Auth; env: Env },
  print: (text: string) => void = (text) => process.stdout.write(`${text}\n`),
) {
  if (!maySeedStaff(deps.env)) return;
  const { made, notOurs } = await seedStaffAccounts(deps, { password: deps.env.DEMO_STAFF_PASSWORD });
  for (const email of notOurs) {
    logger.warn(
      "demo staff account not made: a member registered this address first, and the seed never makes someone else's account staff",
      { email },
    );
  }
  if (made.length) print(describeNewDemoStaff(made, !!deps.env.DEMO_STAFF_PASSWORD));
}

/** The console's note: who the demo's staff are, how they sign in, and that this is the only time it is shown. */
export function describeNewDemoStaff(made: NewDemoStaff[], fromEnvironment: boolean): string {
  const width = Math.max(...made.map((s) => s.email.length));
  const rows = made.map(
    (s) => `  ${s.email.padEnd(width)}  ${s.role.padEnd(9)}  ${fromEnvironment ? "(DEMO_STAFF_PASSWORD)" : s.password}`,
  );
  const tookBack = made.some((s) => s.tookBack)
    ? [
        "",
        "Accounts marked * had the seed page's published password: it no longer works, and their sessions,",
        "authenticators and passkeys were removed.",
      ]
    : [];
  return [
    "",
    "Demo back-office staff accounts were created on this data directory. Their passwords are shown here, once:",
    ...rows.map((row, i) => (made[i].tookBack ? `${row} *` : row)),
    ...tookBack,
    "Each sets up two-factor sign-in the first time it opens /admin. To choose a new password later:",
    "  npm run staff -- password EMAIL      (with the server stopped)",
    "",
  ].join("\n");
}
