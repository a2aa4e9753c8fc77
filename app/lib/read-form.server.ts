import type { z } from "zod";
import { AppError } from "#core/shared/app-error.ts";
import { describeIssues } from "#core/shared/describe-issues.ts";
import { readFormData } from "#core/shared/read-form-data.ts";

/** A form's text fields by name (the first value of each); a field the form did not send is absent. */
export type FormFields = Readonly<Record<string, string | undefined>>;

// A page whose form also carries files reads it with readFormData (the listing form's reader too), then formFields.
export { readFormData } from "#core/shared/read-form-data.ts";

/**
 * Reads a request's form into a plain object of its text fields (files are left out: read them with
 * readFormData). With a zod schema, the object is checked by it and the parsed value returned; a field that breaks
 * a rule is an AppError with the rule's message, naming that field, which runAction shows beside it.
 */
export async function readForm(request: Request): Promise<FormFields>;
export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>>;
export async function readForm(request: Request, schema?: z.ZodType) {
  const fields = formFields(await readFormData(request));
  if (!schema) return fields;
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const { fields: errors, first } = describeIssues(parsed.error);
  const field = Object.keys(errors)[0];
  throw new AppError("VALIDATION", first, field && field !== "form" ? { field } : {});
}

/** The text fields of form data already read (an action that also takes files reads the body once). */
export function formFields(form: FormData): FormFields {
  const fields = new Map<string, string>();
  for (const [name, value] of form) {
    if (typeof value === "string" && !fields.has(name)) fields.set(name, value);
  }
  // fromEntries defines own properties: a field named "__proto__" is a field, not the object's prototype.
  return Object.fromEntries(fields);
}
