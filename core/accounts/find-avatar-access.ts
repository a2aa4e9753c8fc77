import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import type { PictureAccess } from "../listings/find-picture-access";
import { avatarUrlFor } from "../images/avatar-urls";

/**
 * Who may see a stored avatar (key avatars/<member id>/<name>.webp): anyone while it is the current avatar of a
 * member in good standing (it shows beside their name); only the member while their account is suspended or set
 * to be deleted; nobody once it was replaced or removed (its file is deleted then too). Found by the member id in
 * the key, so serving one is a primary-key read.
 */
export async function findAvatarAccess(
  db: Db,
  { key, viewerId }: { key: string; viewerId: string | null },
): Promise<PictureAccess> {
  const ownerId = key.split("/")[1] ?? "";
  const [owner] = await db
    .select({ avatarUrl: profiles.avatarUrl, status: profiles.status, deletedAt: profiles.deletedAt })
    .from(profiles)
    .where(eq(profiles.userId, ownerId));
  if (!owner || owner.avatarUrl !== avatarUrlFor(key)) return "none";
  if (owner.status !== "suspended" && !owner.deletedAt) return "public";
  return ownerId === viewerId ? "private" : "none";
}
