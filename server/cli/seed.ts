// `npm run seed`: the same demo data as the /seed page, from the command line.
import { isDemoMode } from "#core/shared/demo-mode.ts";
import { seedDemoData } from "#core/seed/seed-demo-data.ts";
import { maySeedStaff } from "#core/seed/seed-staff-accounts.ts";
import { systemClock } from "#core/shared/clock.ts";
import { createAuth } from "#core/auth/auth.ts";
import { SEED_PASSWORD } from "#db/seed/seed-data.ts";
import { prepareDemoStaff } from "../demo-staff";
import { storageFromEnv } from "../storage";
import { openCliDatabase } from "./open-cli-database";
import { readCliEnv } from "./read-cli-env";

const env = readCliEnv();
if (!isDemoMode(env)) {
  console.error(
    env.ALLOW_SEED === false
      ? "Seeding is turned off on this deployment (ALLOW_SEED=false)."
      : "Seeding is disabled in production. Set ALLOW_SEED=true to allow it.",
  );
  process.exit(1);
}
const handle = await openCliDatabase(env);
const auth = createAuth(handle.db, { baseURL: env.APP_URL, secret: env.BETTER_AUTH_SECRET, secureCookies: false });
const result = await seedDemoData({ db: handle.db, auth, storage: storageFromEnv(env), clock: systemClock });
// The staff accounts are the server's to make at boot; made here too when the seed runs first on a new data directory.
await prepareDemoStaff({ db: handle.db, auth, env });
await handle.close();
console.log(
  `Seeded: ${result.users} test users (${result.createdUsers} new), ${result.listings} listings (${result.createdListings} new).`,
);
console.log(`Every test user signs in with the password ${SEED_PASSWORD}`);
if (maySeedStaff(env))
  console.log(
    "Back-office staff do not use it: see the passwords printed when their accounts were made, or run npm run staff -- password EMAIL.",
  );
