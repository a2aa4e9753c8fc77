import type { z } from "zod";
import { AppError } from "./app-error";

/** Field errors in form order, and the first message (the one the spec shows as a toast). */
export function describeIssues(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
  }
  return { fields, first: error.issues[0]?.message ?? "An unexpected error occurred." };
}

/** The schema's value for `input`, or the 400 that names each field breaking a rule (the first message its text). */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const { fields, first } = describeIssues(parsed.error);
  throw new AppError("VALIDATION", first, { fields });
}
