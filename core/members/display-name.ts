// How a member's name is shown to others (profiles.name_display). Pure: safe anywhere.
import type { NameDisplay } from "#db/schema/profiles.ts";

/**
 * "Sam Taylor" as the member chose: "first_initial" (the default) gives "Sam T.", "full" the name as written. A
 * one-word name is shown whole either way; a missing name is null.
 */
export function shownName(name: string | null | undefined, display: NameDisplay | null | undefined): string | null {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  if (display === "full" || words.length === 1) return words.join(" ");
  const last = words[words.length - 1];
  return `${words[0]} ${[...last][0]?.toUpperCase()}.`;
}
