import { describe, expect, test } from "vitest";
import { scrubSecrets } from "./scrub-secrets";

describe("scrubSecrets", () => {
  test("removes the password from a connection string", () => {
    const out = scrubSecrets("connect ECONNREFUSED postgres://app:hunter22@db.internal:5432/swapshed");
    expect(out).not.toContain("hunter22");
    expect(out).toContain("db.internal:5432");
  });

  test("removes assigned passwords, secrets and tokens, quoted or not", () => {
    const out = scrubSecrets(
      `bad login password=Sup3rSecret! {"token": "abc.def.ghi"} api_key=xyz123 secret: 's3cr3t value'`,
    );
    for (const leaked of ["Sup3rSecret!", "abc.def.ghi", "xyz123", "s3cr3t value"]) expect(out).not.toContain(leaked);
    expect(out).toContain("bad login");
  });

  test("removes bearer tokens and provider keys", () => {
    const out = scrubSecrets("Authorization failed for Bearer eyJhbGciOi.x.y with sk_live_51Habc and whsec_abcdef");
    for (const leaked of ["eyJhbGciOi", "sk_live_51Habc", "whsec_abcdef"]) expect(out).not.toContain(leaked);
  });

  test("removes the configured secrets wherever they appear", () => {
    expect(scrubSecrets("signing with my-auth-secret-value failed", ["my-auth-secret-value"])).toBe(
      "signing with [redacted] failed",
    );
  });

  test("keeps ordinary error text and cuts very long text", () => {
    expect(scrubSecrets("Swap state invariant broken: accepted without a payment")).toBe(
      "Swap state invariant broken: accepted without a payment",
    );
    expect(scrubSecrets("x".repeat(5000)).length).toBeLessThanOrEqual(2001);
  });
});
