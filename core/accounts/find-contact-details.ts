import type { Db } from "#db/client.ts";
import { findMemberRecord } from "./find-member-record";

/** The member's own details for their account page. */
export async function findContactDetails(db: Db, userId: string) {
  const member = await findMemberRecord(db, userId);
  if (!member) return null;
  const { fullName: name, email, phone, phoneConfirmedAt, location, avatarUrl } = member;
  return { name, email, phone, phoneConfirmedAt, location, avatarUrl };
}
