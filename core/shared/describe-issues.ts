import type { z } from "zod";

/** Field errors in form order, and the first message (the one the spec shows as a toast). */
export function describeIssues(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
  }
  return { fields, first: error.issues[0]?.message ?? "An unexpected error occurred." };
}
