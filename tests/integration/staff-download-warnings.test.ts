import { describe, expect, test } from "vitest";
import * as logsExport from "#app/routes/admin/logs.export.tsx";
import * as reportCsv from "#app/routes/admin/reports.csv.tsx";
import type { SessionUser } from "#core/auth/find-session-user.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createStaff } from "../support/factories";
import { contextFor } from "../support/staff-route";
import { TEST_ORIGIN } from "../support/test-app";

// Decision 070 (review defect 9): the spec's '{n} requests remaining' (when fewer than 3 remain) on every rate-limited
// back-office action, the downloads included, and in English ("1 request remaining").
const { db, caller } = await backOfficeSetup();

async function post(
  module: { action: (args: never) => Promise<unknown> },
  path: string,
  user: SessionUser,
  form: Record<string, string>,
  accept?: string,
) {
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: accept ? { accept } : {},
  });
  try {
    return (await module.action({ request, params: {}, context: contextFor(caller, user) } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a download's rate-limit warning", () => {
  test("Export CSV warns on the last three of ten, with a correct plural, and the eleventh is refused", async () => {
    const admin = await createStaff(db, ["admin"], { name: "Ellis Exporter" });
    const warnings: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await post(logsExport, "/admin/logs/export", admin, { tab: "security" });
      expect(response.status).toBe(200);
      await response.body?.cancel();
      warnings.push(response.headers.get("x-rate-limit-warning"));
    }
    expect(warnings.slice(0, 7)).toEqual(Array(7).fill(null));
    expect(warnings.slice(7)).toEqual(["2 requests remaining", "1 request remaining", "0 requests remaining"]);
    const refused = await post(logsExport, "/admin/logs/export", admin, { tab: "security" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^Rate limit exceeded\. Try again at /);
  });

  test("a chart's CSV warns the same way, and its refusal comes back as words the download button can show", async () => {
    const admin = await createStaff(db, ["admin"], { name: "Robin Reporter" });
    const form = { chart: "sign-ups", period: "30", by: "day" };
    let last: Response | null = null;
    for (let i = 0; i < 10; i++) {
      last = await post(reportCsv, "/admin/reports/csv", admin, form, "application/json");
      expect(last.status).toBe(200);
      if (i < 9) await last.body?.cancel();
    }
    expect(last?.headers.get("x-rate-limit-warning")).toBe("0 requests remaining");
    await last?.body?.cancel();
    const refused = await post(reportCsv, "/admin/reports/csv", admin, form, "application/json");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^Rate limit exceeded\. Try again at /);
  });
});
