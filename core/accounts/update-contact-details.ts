import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { AppError } from "../shared/app-error";
import { describeIssues } from "../shared/describe-issues";
import { locationColumns, resolveLocationField } from "../locations/localities";
import { phoneColumns } from "./profile-phone";

// The spec's phone rule: digits, spaces, dash, plus and brackets; 8 to 20 characters. Optional.
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => v === "" || (/^[0-9 ()+-]+$/.test(v) && v.length >= 8 && v.length <= 20), {
    message: "Phone number must be 8 to 20 digits, spaces, dashes, brackets or plus",
  });

export type ContactInput = {
  phone: unknown;
  location: unknown;
  picked?: { suburb?: string; state?: string; postcode?: string };
};

/** The profile columns a phone and a suburb set; a 400 naming the field when one breaks its rule. */
export function readContactDetails({ phone, location, picked }: ContactInput): Partial<typeof profiles.$inferInsert> {
  const parsed = phoneSchema.safeParse(typeof phone === "string" ? phone : "");
  if (!parsed.success) throw new AppError("VALIDATION", describeIssues(parsed.error).first, { field: "phone" });
  const typed = typeof location === "string" ? location.trim() : "";
  const locality = resolveLocationField(typed, picked);
  if (typed && !locality)
    throw new AppError("VALIDATION", "Please choose a suburb from the list", { field: "location" });
  return { phone: parsed.data === "" ? null : parsed.data, ...(locality ? locationColumns(locality) : {}) };
}

/**
 * A member's own contact details: the phone and suburb their swap partner sees once both have paid
 * (the suburb also measures distances on cards). Only ever the actor's own profile.
 */
export async function updateContactDetails(
  db: Db,
  { userId, ...input }: ContactInput & { userId: string },
): Promise<void> {
  const set = readContactDetails(input);
  await db.transaction(async (tx) => {
    // A different number loses its confirmation (decision 095); the same one written another way keeps it.
    const phone = await phoneColumns(tx, { userId, phone: set.phone ?? null });
    await tx
      .update(profiles)
      .set({ ...set, ...phone })
      .where(eq(profiles.userId, userId));
  });
}
