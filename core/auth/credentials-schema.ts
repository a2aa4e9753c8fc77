import { z } from "zod";
import type { FieldSpec } from "../shared/field-rules";
import { EMAIL, FULL_NAME, PASSWORD } from "./credential-rules";

// The server's zod schemas for accounts, built from the rule lists in credential-rules.ts that the /auth
// form checks in the browser: one source for both. Server-only in practice (the form imports the rules).

/**
 * A string tidied by the field's `normalize`, reporting each broken rule with the spec's message. A field that
 * is missing or not text counts as empty, so it gets the spec's message ('Name is required'), never zod's own.
 */
function textField(spec: FieldSpec) {
  const tidy = spec.normalize;
  const base = tidy ? z.string().overwrite(tidy) : z.string();
  const checked = spec.rules.reduce((schema, [test, message]) => schema.refine(test, message), base);
  return z.preprocess((value) => (typeof value === "string" ? value : ""), checked);
}

export const emailSchema = textField(EMAIL);
export const passwordSchema = textField(PASSWORD);
export const fullNameSchema = textField(FULL_NAME);

export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export const signUpSchema = z.object({ email: emailSchema, password: passwordSchema, fullName: fullNameSchema });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
