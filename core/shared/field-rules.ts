// Form rules as plain data: the browser checks them without shipping zod (23 KB gzipped, and its JIT probe
// trips our script CSP), and the server's zod schemas are built from the same lists, so the messages the
// browser shows are the server's by construction. No imports: safe in both bundles.

/** One rule of a text field: `test` passes, or the spec's `message` is shown. */
export type Rule = readonly [test: (value: string) => boolean, message: string];

/** A text field: how its value is tidied before the rules run, and its rules in the order they are reported. */
export type FieldSpec = { normalize?: (value: string) => string; rules: readonly Rule[] };

/** A form's fields in the order their messages are reported (the first one is the toast). */
export type FormSpec = Readonly<Record<string, FieldSpec>>;

/** The message of the first rule `value` breaks, or null. */
export function firstBroken(spec: FieldSpec, value: string): string | null {
  const tidy = spec.normalize ? spec.normalize(value) : value;
  for (const [test, message] of spec.rules) if (!test(tidy)) return message;
  return null;
}

/**
 * The browser's check of form values against a spec: per-field messages and the first one, the same shape
 * `describeIssues` gives for the server's zod error; null when every field passes.
 */
export function checkForm(spec: FormSpec, values: Record<string, unknown>) {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(spec)) {
    const message = firstBroken(field, typeof values[name] === "string" ? values[name] : "");
    if (message) fields[name] = message;
  }
  const first = Object.values(fields)[0];
  return first ? { fields, first } : null;
}
