import { describe, expect, test } from "vitest";
import { describeBoot } from "./describe-boot";
import { parseEnv } from "./env";

const line = (lines: { part: string; value: string }[], part: string) => lines.find((l) => l.part === part)?.value;

describe("describeBoot", () => {
  test("the embedded defaults say they are a demo with test payments", () => {
    const lines = describeBoot(parseEnv({ DATA_DIR: "/tmp/swapshed-boot-test", BETTER_AUTH_SECRET: "x".repeat(32) }));
    expect(lines.map((l) => l.part)).toEqual([
      "database",
      "storage",
      "mail",
      "payments",
      "test payments",
      "seeding",
      "jobs",
      "web push",
      "metrics",
    ]);
    expect(line(lines, "web push")).toBe("off (no VAPID keys)");
    expect(line(lines, "database")).toContain("embedded PGlite");
    expect(line(lines, "test payments")).toBe("ON: no real money moves");
    expect(line(lines, "seeding")).toContain("demo mode ON");
    expect(line(lines, "mail")).toContain("outbox");
  });

  test("no credential reaches the log", () => {
    const lines = describeBoot(
      parseEnv({
        NODE_ENV: "development",
        DATABASE_URL: "postgres://app:db-password-123@db.internal:5432/swapshed",
        BETTER_AUTH_SECRET: "x".repeat(32),
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: "smtps://mailer:smtp-password-456@smtp.example.com:465",
        METRICS_TOKEN: "metrics-token-0123456789",
        ALLOW_SEED: "false",
        RUN_JOBS: "false",
      }),
    );
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/password|metrics-token/);
    expect(line(lines, "database")).toBe("PostgreSQL at db.internal:5432/swapshed");
    expect(line(lines, "mail")).toBe("SMTP at smtp.example.com:465");
    expect(line(lines, "seeding")).toBe("off");
    expect(line(lines, "jobs")).toBe("off (RUN_JOBS=false)");
  });
});
