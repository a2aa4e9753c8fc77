// `npm run seed`: the same demo data as the /seed page, from the command line.
import { isDemoMode } from "../../core/shared/demo-mode";
import { seedDemoData } from "../../core/seed/seed-demo-data";
import { maySeedStaff } from "../../core/seed/seed-staff-accounts";
import { systemClock } from "../../core/shared/clock";
import { createAuth } from "../../core/auth/auth";
import { SEED_PASSWORD } from "../../db/seed/seed-data";
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
