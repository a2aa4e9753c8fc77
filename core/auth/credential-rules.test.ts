import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkForm } from "../shared/field-rules";
import { describeIssues } from "../shared/describe-issues";
import { EMAIL_PATTERN, SIGN_IN_FIELDS, SIGN_UP_FIELDS } from "./credential-rules";
import { signInSchema, signUpSchema } from "./credentials-schema";

// The /auth form checks the rule lists in the browser; the server parses with zod schemas built from them.
// Both must give the same messages (the e2e tests read them on the page).
const cases: { values: Record<string, string>; signup?: boolean; fields: Record<string, string>; first?: string }[] = [
  { values: { email: "  Casey@Example.COM.au ", password: "Swapshed1" }, fields: {} },
  {
    values: { email: "", password: "" },
    fields: { email: "Invalid email address", password: "Password must be at least 8 characters" },
    first: "Invalid email address",
  },
  {
    values: { email: "a@b", password: "swapshed1" },
    fields: { email: "Invalid email address", password: "Password must contain at least one uppercase letter" },
  },
  {
    values: { email: `${"a".repeat(250)}@example.com`, password: "SWAPSHED1" },
    fields: { email: "Email too long", password: "Password must contain at least one lowercase letter" },
  },
  {
    values: { email: "ok@example.com", password: "Swapshedx" },
    fields: { password: "Password must contain at least one number" },
  },
  { values: { email: "ok@example.com", password: `Aa1${"x".repeat(70)}` }, fields: { password: "Password too long" } },
  {
    values: { email: "ok@example.com", password: "abc" },
    fields: { password: "Password must be at least 8 characters" },
  },
  {
    signup: true,
    values: { fullName: "  ", email: "ok@example.com", password: "Swapshed1" },
    fields: { fullName: "Name is required" },
  },
  {
    signup: true,
    values: { fullName: "R2-D2", email: "bad", password: "Swapshed1" },
    fields: { email: "Invalid email address", fullName: "Name contains invalid characters" },
    first: "Invalid email address",
  },
  {
    signup: true,
    values: { fullName: "Zoë O'Brien-Nguyen", email: "ok@example.com", password: "Swapshed1" },
    fields: {},
  },
  {
    signup: true,
    values: { fullName: "x".repeat(101), email: "ok@example.com", password: "Swapshed1" },
    fields: { fullName: "Name too long" },
  },
];

describe("credential rules", () => {
  for (const c of cases) {
    it(`${c.signup ? "sign-up" : "sign-in"} ${JSON.stringify(c.values).slice(0, 60)}`, () => {
      const browser = checkForm(c.signup ? SIGN_UP_FIELDS : SIGN_IN_FIELDS, c.values);
      const parsed = (c.signup ? signUpSchema : signInSchema).safeParse(c.values);
      const server = parsed.success ? null : describeIssues(parsed.error);
      const expected = Object.keys(c.fields).length
        ? { fields: c.fields, first: c.first ?? Object.values(c.fields)[0] }
        : null;
      expect(browser).toEqual(expected);
      expect(server).toEqual(expected);
    });
  }

  it("keeps zod's e-mail pattern", () => {
    const samples = [
      "a@b.co",
      "o'neil+x@mail.example.com.au",
      "-a@b.co",
      "a.@b.co",
      ".a@b.co",
      "a..b@c.co",
      "a@-b.co",
      "a@b.c",
      "a b@c.co",
      "a@b_c.com",
    ];
    for (const email of samples) expect(EMAIL_PATTERN.test(email), email).toBe(z.regexes.email.test(email));
  });

  it("tidies the e-mail on the server", () => {
    expect(signInSchema.parse({ email: "  Casey@Example.COM.au ", password: "Swapshed1" }).email).toBe(
      "casey@example.com.au",
    );
  });
});
