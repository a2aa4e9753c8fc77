import type { FieldSpec, FormSpec } from "../shared/field-rules";

// The spec's rules and messages for accounts: one list for the /auth form (checked in the browser as a
// convenience) and the server (credentials-schema.ts builds its zod schemas from it). No zod here.

/** zod 4's "practical" e-mail pattern (`z.regexes.email`), kept here so the browser needs no zod. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL: FieldSpec = {
  normalize: (s) => s.trim().toLowerCase(),
  rules: [
    [(s) => s.length <= 255, "Email too long"],
    [(s) => EMAIL_PATTERN.test(s), "Invalid email address"],
  ],
};

export const PASSWORD: FieldSpec = {
  rules: [
    [(s) => s.length >= 8, "Password must be at least 8 characters"],
    [(s) => s.length <= 72, "Password too long"],
    [(s) => /[A-Z]/.test(s), "Password must contain at least one uppercase letter"],
    [(s) => /[a-z]/.test(s), "Password must contain at least one lowercase letter"],
    [(s) => /[0-9]/.test(s), "Password must contain at least one number"],
  ],
};

export const FULL_NAME: FieldSpec = {
  normalize: (s) => s.trim(),
  rules: [
    [(s) => s.length >= 1, "Name is required"],
    [(s) => s.length <= 100, "Name too long"],
    [(s) => /^[\p{L}\s'-]+$/u.test(s), "Name contains invalid characters"],
  ],
};

// Field order is the order messages are reported in (the first is the toast), as the server reports them.
export const SIGN_IN_FIELDS: FormSpec = { email: EMAIL, password: PASSWORD };
export const SIGN_UP_FIELDS: FormSpec = { email: EMAIL, password: PASSWORD, fullName: FULL_NAME };
