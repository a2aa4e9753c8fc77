import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { localPaymentsSecret } from "./payments";
import { parseEnv } from "./env";

const pg = "postgres://app@db.internal:5432/swapshed";
const secret = "s".repeat(40);
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-env-"));

describe("test payments in production", () => {
  test("a production PostgreSQL deployment that forgot PAYMENT_PROVIDER refuses to start, naming the variables", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: pg, BETTER_AUTH_SECRET: secret })).toThrow(
      /PAYMENT_PROVIDER: the local test checkout .*ALLOW_TEST_PAYMENTS=true/s,
    );
  });

  test("so does a real deployment on the embedded database (ALLOW_SEED=false)", () => {
    expect(() => parseEnv({ NODE_ENV: "production", ALLOW_SEED: "false", DATA_DIR: tempDir() })).toThrow(
      /PAYMENT_PROVIDER/,
    );
  });

  test("starts with Stripe, or with test payments allowed explicitly, or as the embedded demo", () => {
    expect(
      parseEnv({ NODE_ENV: "production", DATABASE_URL: pg, BETTER_AUTH_SECRET: secret, ALLOW_TEST_PAYMENTS: "true" })
        .PAYMENT_PROVIDER,
    ).toBe("local");
    expect(
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: pg,
        BETTER_AUTH_SECRET: secret,
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_123",
        STRIPE_WEBHOOK_SECRET: "whsec_123",
      }).PAYMENT_PROVIDER,
    ).toBe("stripe");
    expect(parseEnv({ NODE_ENV: "production", DATA_DIR: tempDir() }).PAYMENT_PROVIDER).toBe("local");
  });
});

describe("the session secret on PostgreSQL outside production", () => {
  test("is never a published constant: a random one is made and kept in DATA_DIR", () => {
    const dir = tempDir();
    const first = parseEnv({ NODE_ENV: "development", DATABASE_URL: pg, DATA_DIR: dir });
    const again = parseEnv({ NODE_ENV: "development", DATABASE_URL: pg, DATA_DIR: dir });
    const elsewhere = parseEnv({ NODE_ENV: "development", DATABASE_URL: pg, DATA_DIR: tempDir() });
    expect(first.BETTER_AUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(again.BETTER_AUTH_SECRET).toBe(first.BETTER_AUTH_SECRET);
    expect(elsewhere.BETTER_AUTH_SECRET).not.toBe(first.BETTER_AUTH_SECRET);
    expect(first.BETTER_AUTH_SECRET).not.toContain("development-only");
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  test("so the local provider's webhook key cannot be worked out by anyone else", () => {
    const a = parseEnv({ NODE_ENV: "development", DATABASE_URL: pg, DATA_DIR: tempDir() });
    const b = parseEnv({ NODE_ENV: "development", DATABASE_URL: pg, DATA_DIR: tempDir() });
    expect(localPaymentsSecret(a)).not.toBe(localPaymentsSecret(b));
  });

  test("in production it must be configured", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: pg, ALLOW_TEST_PAYMENTS: "true" })).toThrow(
      /BETTER_AUTH_SECRET: required/,
    );
  });
});

describe("text messages (decision 095)", () => {
  test("the outbox by default; the HTTP provider needs its URL and token, named when missing", () => {
    expect(parseEnv({ DATA_DIR: tempDir() }).SMS_PROVIDER).toBe("outbox");
    expect(() => parseEnv({ DATA_DIR: tempDir(), SMS_PROVIDER: "http" })).toThrow(
      /SMS_HTTP_URL: required with SMS_PROVIDER=http\n {2}- SMS_HTTP_TOKEN: required with SMS_PROVIDER=http/,
    );
    const env = parseEnv({
      DATA_DIR: tempDir(),
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: "https://sms.example.com/v1/messages",
      SMS_HTTP_TOKEN: "sms-token-123456",
    });
    expect(env.SMS_FROM).toBe("SwapShed");
  });

  test("a sender that is neither 11 letters and digits nor a number, and a URL that is not http, are refused", () => {
    expect(() => parseEnv({ DATA_DIR: tempDir(), SMS_FROM: "Swap Shed Pty Ltd" })).toThrow(/SMS_FROM must be/);
    expect(() => parseEnv({ DATA_DIR: tempDir(), SMS_HTTP_URL: "ftp://sms.example.com" })).toThrow(/SMS_HTTP_URL/);
  });
});
