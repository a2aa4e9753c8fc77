import type { Auth } from "./auth";

/** How many unused backup codes a member has (null when two-step sign-in is off): the security page says so. */
export async function countBackupCodesLeft(auth: Auth, userId: string): Promise<number | null> {
  try {
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    return backupCodes.length;
  } catch (error) {
    // No two-factor row: it is off, there is nothing to count.
    if ((error as { body?: { code?: string } }).body?.code === "BACKUP_CODES_NOT_ENABLED") return null;
    throw error;
  }
}
