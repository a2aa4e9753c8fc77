import { z } from "zod";

// The spec's rules and messages for accounts, shared by the /auth form and the server.
// Pure zod: safe to load in the browser.

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(255, "Email too long")
  .pipe(z.email("Invalid email address"));

export const passwordSchema = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(72, "Password too long")
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/[0-9]/, "Password must contain at least one number");

export const fullNameSchema = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(100, "Name too long")
  .regex(/^[\p{L}\s'-]+$/u, "Name contains invalid characters");

export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export const signUpSchema = z.object({ email: emailSchema, password: passwordSchema, fullName: fullNameSchema });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
