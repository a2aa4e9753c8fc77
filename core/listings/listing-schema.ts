import { z } from "zod";
import {
  LISTING_CATEGORIES as CATEGORY_VALUES,
  LISTING_CONDITIONS as CONDITION_VALUES,
} from "#db/schema/listing-values.ts";

// The spec's rules for a new listing, shared by the form and the server. Pure zod: browser-safe.
// One list of categories and conditions for the database's checks, the form and the server.
export { CATEGORY_VALUES, CONDITION_VALUES };

export const MAX_IMAGES = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_VALUE = 1_000_000;

export const LOCATION_REQUIRED = "Location is required";

/** "What I'd swap it for": free text and up to this many categories, both optional. */
export const MAX_WANTS_LENGTH = 500;
export const MAX_WANTS_CATEGORIES = 3;
export const WANTS_TOO_LONG = "What you'd swap it for must be at most 500 characters";
export const TOO_MANY_WANTS_CATEGORIES = "Choose up to 3 categories you'd swap it for";
export const UNKNOWN_WANTS_CATEGORY = "Please choose categories from the list";

/** The categories whose listings may carry a VIN or HIN (decision 096): cars, motorbikes, boats. */
export const VEHICLE_ID_CATEGORIES: readonly string[] = ["cars_vehicles", "motorcycles", "boats_marine"];
export const VEHICLE_ID_INVALID = "A VIN or HIN is 5 to 17 letters and digits";
export const VEHICLE_ID_WRONG_CATEGORY =
  "A VIN or HIN is only for cars and vehicles, motorcycles, and boats and marine. Leave it empty for this category";

/** A VIN or HIN as stored: spaces and dashes dropped, upper case ("6t1 bf3fk-0cx123456" is "6T1BF3FK0CX123456"). */
export const normaliseVehicleId = (value: string) => value.replace(/[\s-]+/g, "").toUpperCase();

const wholeDollars = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_VALUE, `${label} must be at most 1,000,000`);

export const listingFieldsSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, "Title must be at least 3 characters")
      .max(100, "Title must be at most 100 characters"),
    description: z
      .string()
      .trim()
      .min(10, "Description must be at least 10 characters")
      .max(1000, "Description must be at most 1000 characters"),
    category: z.enum(CATEGORY_VALUES, { message: "Please select a category" }),
    condition: z.enum(CONDITION_VALUES, { message: "Please select a condition" }),
    valueMin: wholeDollars("Min value"),
    valueMax: wholeDollars("Max value"),
    // Optional: left out by older API clients and the no-wishes case alike. Never part of the item's search.
    wants: z.string().trim().max(MAX_WANTS_LENGTH, WANTS_TOO_LONG).default(""),
    // A form sends one value per ticked box; a single one may arrive as a plain string.
    wantsCategories: z
      .preprocess(
        (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
        z.array(z.enum(CATEGORY_VALUES, { message: UNKNOWN_WANTS_CATEGORY })),
      )
      .transform((categories) => [...new Set(categories)])
      .refine((categories) => categories.length <= MAX_WANTS_CATEGORIES, TOO_MANY_WANTS_CATEGORIES),
    // Optional (cars, motorbikes, boats): shown on the listing and in the swap's PPSR reminder. Empty is none.
    vehicleId: z
      .preprocess((v) => (typeof v === "string" ? normaliseVehicleId(v) : (v ?? "")), z.string())
      .refine((v) => v === "" || /^[A-Z0-9]{5,17}$/.test(v), VEHICLE_ID_INVALID)
      .default(""),
    location: z
      .string()
      .trim()
      // Empty is its own message: "at least 2 characters" read oddly for a field left blank.
      .min(1, LOCATION_REQUIRED)
      .min(2, "Location must be at least 2 characters")
      .max(100, "Location must be at most 100 characters"),
  })
  .refine((v) => v.valueMax >= v.valueMin, {
    path: ["valueMax"],
    message: "Maximum value must be greater than minimum value",
  })
  .refine((v) => !v.vehicleId || VEHICLE_ID_CATEGORIES.includes(v.category), {
    path: ["vehicleId"],
    message: VEHICLE_ID_WRONG_CATEGORY,
  });

export type ListingFields = z.infer<typeof listingFieldsSchema>;

export const IMAGE_REQUIRED = "Please select an image";
export const TOO_MANY_IMAGES = `You can add up to ${MAX_IMAGES} images`;
export const NOT_AN_IMAGE = "Please select an image file";
export const IMAGE_TOO_BIG = "Image must be less than 5MB";
export const UNKNOWN_LOCATION = "Please choose a suburb from the list";

/** The browser's quick check of one chosen file, at once when it is picked (the server decides by content). */
export function checkChosenFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return NOT_AN_IMAGE;
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_TOO_BIG;
  return null;
}

/** The same refusal naming the picture, so a member who picked several knows which one: "notes.pdf: Please select an image file". */
export const namedFileRefusal = (name: string, message: string) => `${name}: ${message}`;

/**
 * The browser's check of a listing's pictures before sending: `files` are newly chosen, `kept` counts the
 * pictures an edited listing keeps. At least one picture in all, at most MAX_IMAGES.
 */
export function checkChosenFiles(files: { name?: string; type: string; size: number }[], kept = 0): string | null {
  if (files.length + kept === 0) return IMAGE_REQUIRED;
  if (files.length + kept > MAX_IMAGES) return TOO_MANY_IMAGES;
  for (const file of files) {
    const refusal = checkChosenFile(file);
    if (refusal) return file.name ? namedFileRefusal(file.name, refusal) : refusal;
  }
  return null;
}

/** The fields whose rule reads another one: the range is checked on Max whenever either value changes. */
const LINKED_FIELDS: Record<string, string[]> = {
  valueMin: ["valueMin", "valueMax"],
  valueMax: ["valueMin", "valueMax"],
};

/**
 * The errors to show once the member has changed `changed`: that field's error (and its linked one's) is
 * checked again and cleared when it is fixed, or replaced by the current reason. Errors of other fields stay
 * as they are (a server's "Please choose a suburb from the list" included), and a field without an error
 * gets none while it is being typed in: errors appear on sending.
 */
export function recheckFields(
  values: Record<string, unknown>,
  shown: Record<string, string>,
  changed: string,
): Record<string, string> {
  const fields = LINKED_FIELDS[changed] ?? [changed];
  if (!fields.some((field) => shown[field])) return shown;
  const parsed = listingFieldsSchema.safeParse(values);
  const now: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) now[String(issue.path[0])] ??= issue.message;
  const next = { ...shown };
  for (const field of fields) {
    if (!shown[field]) continue;
    if (now[field]) next[field] = now[field];
    else delete next[field];
  }
  return next;
}
