import type { AppContext } from "../context";
import { isFeatureEnabled } from "../../core/flags/is-feature-enabled";

/** Whether the listing page offers 'Report listing': to signed-in members, on others' listings, while `enable_moderation` is on. */
export async function canReport(
  ctx: AppContext,
  { viewerId, ownerId }: { viewerId: string | null | undefined; ownerId: string },
) {
  return Boolean(viewerId) && viewerId !== ownerId && (await isFeatureEnabled(ctx.db, "enable_moderation"));
}
