import type { Db } from "#db/client.ts";
import { isFeatureEnabled } from "../flags/is-feature-enabled";

// Who may report a listing: one rule for the listing page (whether to offer 'Report listing') and for
// reportListing (whether to take the report), so the button is never offered where the report would be refused.

/** Reporting is open while `enable_moderation` is on. */
export const isReportingOn = (db: Db) => isFeatureEnabled(db, "enable_moderation");

/** A member never reports their own listing. */
export const isOwnListing = (reporterId: string, ownerId: string) => reporterId === ownerId;

/** Whether the listing page offers 'Report listing': to signed-in members, on others' listings, while reporting is on. */
export async function canReport(
  db: Db,
  { viewerId, ownerId }: { viewerId: string | null | undefined; ownerId: string },
) {
  return viewerId ? !isOwnListing(viewerId, ownerId) && (await isReportingOn(db)) : false;
}
