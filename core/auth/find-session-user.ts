import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles, userRoles } from "#db/schema/profiles.ts";
import type { Auth } from "./auth";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: "admin" | "moderator" | null;
  /** Their profile picture, shown beside their name in the header (N12). */
  avatarUrl?: string | null;
  /** This request's session: which one it is (the sessions list marks it) and when it signed in (reauthentication). */
  session: { id: string; createdAt: Date };
};

/**
 * The signed-in member behind a request, or null. A suspended or deleted member counts as signed
 * out everywhere, even with a session cookie that has not expired yet.
 */
export async function findSessionUser(deps: { db: Db; auth: Auth }, headers: Headers): Promise<SessionUser | null> {
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return null;
  const [profile] = await deps.db
    .select({ status: profiles.status, deletedAt: profiles.deletedAt, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, session.user.id));
  if (profile && (profile.status === "suspended" || profile.deletedAt)) return null;
  // The spec reads one role per user: the first in ascending order ('admin' before 'moderator').
  const roles = await deps.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, session.user.id))
    .orderBy(userRoles.role)
    .limit(1);
  return {
    id: session.user.id,
    name: session.user.name,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    role: (roles[0]?.role as SessionUser["role"]) ?? null,
    avatarUrl: profile?.avatarUrl ?? null,
    session: { id: session.session.id, createdAt: new Date(session.session.createdAt) },
  };
}
