import { describe, expect, test } from "vitest";
import { fromSydneyLocal, toSydneyLocal } from "../shared/time";
import { icsText, icsTime, meetingIcs } from "./meeting-calendar";

describe("a Sydney wall-clock time (the datetime-local field)", () => {
  test("is read in Sydney time, summer (AEDT, +11) and winter (AEST, +10)", () => {
    expect(fromSydneyLocal("2026-12-04T15:05")?.toISOString()).toBe("2026-12-04T04:05:00.000Z");
    expect(fromSydneyLocal("2026-07-01T09:30")?.toISOString()).toBe("2026-06-30T23:30:00.000Z");
    expect(toSydneyLocal(new Date("2026-12-04T04:05:00.000Z"))).toBe("2026-12-04T15:05");
  });

  test("anything else is not a time", () => {
    for (const text of ["", "tomorrow", "2026-02-30T10:00", "2026-13-01T10:00", "2026-12-04T24:00", "2026-12-04 15:05"])
      expect(fromSydneyLocal(text)).toBeNull();
  });
});

describe("the calendar file", () => {
  test("escapes text as RFC 5545 asks, writes UTC times, folds long lines and ends lines with CRLF", () => {
    expect(icsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    expect(icsTime(new Date("2026-12-04T04:05:00.000Z"))).toBe("20261204T040500Z");
    const ics = meetingIcs({
      id: "m1",
      meetAt: new Date("2026-12-04T04:05:00.000Z"),
      place: "x".repeat(150),
      summary: "SwapShed: swap with Sam",
      description: "d",
      stampedAt: new Date("2026-12-01T00:00:00.000Z"),
    });
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, "")).toContain(`LOCATION:${"x".repeat(150)}`);
    expect(ics).toContain("DTSTART:20261204T040500Z\r\nDTEND:20261204T050500Z");
  });
});
