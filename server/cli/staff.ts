// `npm run staff -- grant admin|moderator EMAIL`, `revoke EMAIL` and `password EMAIL`: who runs the back office.
// On the embedded database this needs the data directory to itself: while the app runs, it refuses (the lock).
import { isAppError } from "#core/shared/app-error.ts";
import { findMemberIdByEmail, grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { revokeStaffRole } from "#core/staff/revoke-staff-role.ts";
import { setStaffPassword } from "#core/staff/set-staff-password.ts";
import { randomStaffPassword } from "#core/seed/seed-staff-accounts.ts";
import { ROLES, type Role } from "#db/schema/profiles.ts";
import { openCliDatabase } from "./open-cli-database";
import { readCliEnv } from "./read-cli-env";

const USAGE = `Usage:
  npm run staff -- grant admin|moderator EMAIL   give a member a back-office role
  npm run staff -- revoke EMAIL                  take every back-office role away (and end their sessions)
  npm run staff -- password EMAIL                give a staff member a new password (printed once; ends their sessions)
                                                 STAFF_PASSWORD=... sets a chosen one instead (never on the command line)`;

const [command, ...rest] = process.argv.slice(2);
const role = command === "grant" ? rest[0] : undefined;
const email = command === "grant" ? rest[1] : rest[0];
if (
  !(
    (command === "grant" && ROLES.includes(role as Role) && email) ||
    ((command === "revoke" || command === "password") && email)
  )
) {
  console.error(USAGE);
  process.exit(2);
}

process.env.LOG_LEVEL ??= "silent";
const handle = await openCliDatabase(readCliEnv());
try {
  const userId = await findMemberIdByEmail(handle.db, email);
  const by = { actorId: null, via: "cli" as const };
  if (command === "grant") {
    const { changed } = await grantStaffRole(handle.db, { userId, role: role as Role, by });
    console.log(changed ? `${email} is now ${role}.` : `${email} was already ${role}.`);
    console.log("They must set up two-factor sign-in at /admin before they can use the back office.");
  } else if (command === "password") {
    const chosen = process.env.STAFF_PASSWORD;
    const password = chosen || randomStaffPassword();
    const { sessionsEnded } = await setStaffPassword(handle.db, { userId, password, by });
    console.log(
      chosen
        ? `${email} now signs in with the password from STAFF_PASSWORD.`
        : `${email} now signs in with: ${password}`,
    );
    console.log(`Shown once, here only. ${sessionsEnded} session(s) ended.`);
  } else {
    const { removed } = await revokeStaffRole(handle.db, { userId, by });
    console.log(
      removed.length
        ? `${email} is no longer ${removed.join(" or ")}; their sessions were ended.`
        : `${email} had no back-office role.`,
    );
  }
} catch (error) {
  if (!isAppError(error)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
