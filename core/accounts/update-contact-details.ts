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
export type ContactInput = {
  phone: unknown;
  location: unknown;
  picked?: { suburb?: string; state?: string; postcode?: string };
};

/** The profile columns a phone and a suburb set, or the refusal with the field it belongs to. */
export function readContactDetails({
  phone,
  location,
  picked,
}: ContactInput):
  | { ok: false; message: string; fields: Record<string, string> }
  | { ok: true; set: Partial<typeof profiles.$inferInsert> } {
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
  return {
    ok: true,
    set: { phone: parsed.data === "" ? null : parsed.data, ...(locality ? locationColumns(locality) : {}) },
  };
}

/**
 * A member's own contact details: the phone and suburb their swap partner sees once both have paid
 * (the suburb also measures distances on cards). Only ever the actor's own profile.
 */
export async function updateContactDetails(
  db: Db,
  { userId, ...input }: ContactInput & { userId: string },
): Promise<ContactResult> {
  const read = readContactDetails(input);
  if (!read.ok) return read;
  await db.update(profiles).set(read.set).where(eq(profiles.userId, userId));
  return { ok: true };
}
