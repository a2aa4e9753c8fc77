import { describe, expect, test } from "vitest";
import { csvCell, logCsvFileName, logCsvHeader, logCsvRow } from "./logs-csv";

describe("the logs CSV", () => {
  test("has the spec's columns in order", () => {
    expect(logCsvHeader()).toBe(`"ID","Timestamp","Event Type","Message","User ID","Status","Error"\r\n`);
  });

  test.each(['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])(
    "neutralises a formula: %s",
    (value) => {
      expect(csvCell(value).startsWith(`"'`)).toBe(true);
    },
  );

  test("quotes commas, quotes and line breaks so a cell stays one cell", () => {
    expect(csvCell('a,"b"\nc')).toBe(`"a,""b""\nc"`);
    expect(csvCell(null)).toBe(`""`);
  });

  test("writes a row with the timestamp in ISO 8601", () => {
    const row = logCsvRow({
      id: "e1",
      createdAt: new Date("2026-01-02T03:04:05.678Z"),
      eventType: "rate_limited",
      message: "=cmd",
      error: "Rate limit exceeded for admin action",
      status: "failed",
      userId: null,
      targetId: "e1",
    });
    expect(row).toBe(
      `"e1","2026-01-02T03:04:05.678Z","rate_limited","'=cmd","","failed","Rate limit exceeded for admin action"\r\n`,
    );
  });

  test("names the file {type}-logs-{timestamp}.csv", () => {
    expect(logCsvFileName("errors", new Date("2026-01-02T03:04:05.678Z"))).toBe(
      "errors-logs-2026-01-02T03-04-05-678Z.csv",
    );
  });
});
