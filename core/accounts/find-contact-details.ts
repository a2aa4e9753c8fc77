import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { findMemberRecord } from "./find-member-record";

/** The member's own details for their account page. */
export async function findContactDetails(db: Db, userId: string) {
  const member = await findMemberRecord(db, userId);
  if (!member) return null;
  const { fullName: name, email, phone, phoneConfirmedAt, location, avatarUrl } = member;
  // How their name is shown to others on their member page (decision 094).
  const [choice] = await db
    .select({ nameDisplay: profiles.nameDisplay })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return {
    name,
    email,
    phone,
    phoneConfirmedAt,
    location,
    avatarUrl,
    nameDisplay: choice?.nameDisplay ?? "first_initial",
  };
}
