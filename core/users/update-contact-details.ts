import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/profiles";
import { describeIssues } from "../shared/describe-issues";
import { locationColumns, resolveLocationField } from "../locations/localities";

// The spec's phone rule: digits, spaces, dash, plus and brackets; 8 to 20 characters. Optional.
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => v === "" || (/^[0-9 ()+-]+$/.test(v) && v.length >= 8 && v.length <= 20), {
    message: "Phone number must be 8 to 20 digits, spaces, dashes, brackets or plus",
  });

export type ContactResult = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

/**
 * A member's own contact details: the phone and suburb their swap partner sees once both have paid
 * (the suburb also measures distances on cards). Only ever the actor's own profile.
 */
export async function updateContactDetails(
  db: Db,
  { userId, phone, location, picked }: { userId: string; phone: unknown; location: unknown; picked?: { suburb?: string; state?: string; postcode?: string } },
): Promise<ContactResult> {
  const parsed = phoneSchema.safeParse(typeof phone === "string" ? phone : "");
  if (!parsed.success) {
    const { fields, first } = describeIssues(parsed.error);
    return { ok: false, message: first, fields: { phone: fields.form ?? first } };
  }
  const typed = typeof location === "string" ? location.trim() : "";
  const locality = resolveLocationField(typed, picked);
  if (typed && !locality) {
    const message = "Please choose a suburb from the list";
    return { ok: false, message, fields: { location: message } };
  }
  await db
    .update(profiles)
    .set({ phone: parsed.data === "" ? null : parsed.data, ...(locality ? locationColumns(locality) : {}) })
    .where(eq(profiles.userId, userId));
  return { ok: true };
}
