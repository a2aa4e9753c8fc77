import crypto from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { accounts, passkeys, twoFactors, users } from "#db/schema/auth.ts";
import { seedRecords } from "#db/schema/seed-records.ts";
import { SEED_PASSWORD } from "#db/seed/seed-data.ts";
import { SEED_STAFF } from "#db/seed/seed-staff.ts";
import { grantStaffRole } from "../staff/grant-staff-role";
import { setStaffPassword } from "../staff/set-staff-password";
import type { Auth } from "../auth/auth";
import { isDemoMode } from "../shared/demo-mode";

/**
 * The demo's staff accounts exist only on the embedded database, and are made when the server (or `npm run seed`)
 * starts, never by a request: nothing a visitor can reach over HTTP makes anyone staff (decision 066).
 */
export function maySeedStaff(env: { NODE_ENV: string; DATABASE_URL?: string; ALLOW_SEED?: boolean }): boolean {
  return isDemoMode(env) && !env.DATABASE_URL?.startsWith("postgres");
}

/** A staff account the seed made (or took back) just now, with the password to show once, in the console. */
export type NewDemoStaff = { email: string; role: string; password: string; tookBack: boolean };
export type DemoStaffResult = { made: NewDemoStaff[]; notOurs: string[] };

/**
 * Makes the demo's staff accounts (db/seed/seed-staff.ts) that do not exist yet, each with its own random password
 * (or `password`, the operator's DEMO_STAFF_PASSWORD), and remembers them in seed_records. A role is granted only to
 * an account the seed made: an address someone registered first is left alone and named in `notOurs`.
 * An account an earlier version of the demo made with the published seed password is taken back: a new password,
 * and every session, authenticator, passkey and linked identity removed, since anyone could have set those up.
 */
export async function seedStaffAccounts(
  deps: { db: Db; auth: Auth },
  options: { password?: string } = {},
): Promise<DemoStaffResult> {
  const result: DemoStaffResult = { made: [], notOurs: [] };
  for (const staff of SEED_STAFF) {
    const password = options.password ?? randomStaffPassword();
    const [record] = await deps.db
      .select({ recordId: seedRecords.recordId })
      .from(seedRecords)
      .where(and(eq(seedRecords.kind, "staff"), eq(seedRecords.key, staff.email)));
    const [member] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, staff.email));
    if (record) {
      // Ours: keep its role (an admin may have been deleted and the address registered again by someone else).
      if (member?.id === record.recordId) await grant(deps.db, member.id, staff.role);
      else if (member) result.notOurs.push(staff.email);
      continue;
    }
    if (member) {
      if (!(await hasPublishedPassword(deps.db, member.id))) {
        result.notOurs.push(staff.email);
        continue;
      }
      await takeBack(deps.db, member.id, password);
      await remember(deps.db, staff.email, member.id);
      result.made.push({ email: staff.email, role: staff.role, password, tookBack: true });
      continue;
    }
    await deps.auth.api.signUpEmail({ body: { email: staff.email, password, name: staff.name } });
    const [made] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));
    await deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, made.id));
    await remember(deps.db, staff.email, made.id);
    await grant(deps.db, made.id, staff.role);
    result.made.push({ email: staff.email, role: staff.role, password, tookBack: false });
  }
  return result;
}

async function grant(db: Db, userId: string, role: (typeof SEED_STAFF)[number]["role"]) {
  await grantStaffRole(db, { userId, role, by: { actorId: null, via: "seed" } });
}

async function remember(db: Db, email: string, userId: string) {
  await db.insert(seedRecords).values({ kind: "staff", key: email, recordId: userId }).onConflictDoNothing();
}

/** Whether the account still signs in with the password the seed page publishes (the demo before decision 066). */
async function hasPublishedPassword(db: Db, userId: string) {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return !!credential?.hash && (await verifyPassword({ hash: credential.hash, password: SEED_PASSWORD }));
}

/** A password anyone could read guarded this account: everything set up with it goes, and it gets a new password. */
async function takeBack(db: Db, userId: string, password: string) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), ne(accounts.providerId, "credential")));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  });
  await setStaffPassword(db, { userId, password, by: { actorId: null, via: "seed" } });
}

// No look-alike characters (0/O, 1/l/I): the password is read off a console and typed.
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const LOWER = "abcdefghijkmnopqrstuvwxyz";
const DIGITS = "23456789";

/** 20 random characters in four groups (about 115 bits), always with the upper case, lower case and digit the rules ask for. */
export function randomStaffPassword(): string {
  const all = UPPER + LOWER + DIGITS;
  for (;;) {
    const chars = Array.from({ length: 20 }, () => all[crypto.randomInt(all.length)]);
    const password = [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
    if (/[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password)) return password;
  }
}
