import { describe, expect, test } from "vitest";
import { withUnsubscribeLink } from "../mail/unsubscribe-link";
import { setSigningSecret } from "../shared/signed-token";
import { digestDueAt, nextDailyDigest } from "./notice-preferences";
import { kindRow, NOTIFICATION_KIND_NAMES } from "./notification-kinds";
import { readUnsubscribeToken, signUnsubscribeToken } from "./unsubscribe-token";

describe("the daily digest time: 07:00 in Sydney", () => {
  test.each([
    // Daylight saving (AEDT, UTC+11): 07:00 is 20:00 UTC the day before.
    ["2026-11-28T10:00:00Z", "2026-11-28T20:00:00.000Z"],
    ["2026-11-28T20:00:00Z", "2026-11-29T20:00:00.000Z"],
    ["2026-11-28T19:59:00Z", "2026-11-28T20:00:00.000Z"],
    // Standard time (AEST, UTC+10): 21:00 UTC the day before.
    ["2026-06-15T00:00:00Z", "2026-06-15T21:00:00.000Z"],
    // Across the April change back to standard time (5 April 2026, 03:00 AEDT becomes 02:00 AEST; 20:30 UTC is 06:30 AEST).
    ["2026-04-04T20:30:00Z", "2026-04-04T21:00:00.000Z"],
    // Across the October change to daylight saving (4 October 2026).
    ["2026-10-03T21:30:00Z", "2026-10-04T20:00:00.000Z"],
  ])("after %s: %s", (after, expected) => {
    expect(nextDailyDigest(new Date(after)).toISOString()).toBe(expected);
  });

  test("messages wait an hour, other digest kinds the next 07:00", () => {
    const at = new Date("2026-11-28T10:00:00Z");
    expect(digestDueAt("message.received", at).toISOString()).toBe("2026-11-28T11:00:00.000Z");
    expect(digestDueAt("review.received", at).toISOString()).toBe("2026-11-28T20:00:00.000Z");
  });
});

describe("unsubscribe tokens and links", () => {
  test("a token names its member and kind; any other secret or a changed byte is refused", () => {
    setSigningSecret("one-deployment-secret-0123456789-0123456789");
    const token = signUnsubscribeToken("user-1", "partner.paid");
    expect(readUnsubscribeToken(token)).toEqual({ userId: "user-1", scope: "partner.paid" });
    expect(readUnsubscribeToken(signUnsubscribeToken("user-1", "digest"))).toEqual({
      userId: "user-1",
      scope: "digest",
    });
    const [body, mac] = token.split(".");
    const otherBody = Buffer.from(JSON.stringify([1, "user-2", "partner.paid"])).toString("base64url");
    expect(readUnsubscribeToken(`${otherBody}.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(`${body}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(readUnsubscribeToken("")).toBeNull();
    setSigningSecret("another-deployment-secret-0123456789-01234");
    expect(readUnsubscribeToken(token)).toBeNull();
    setSigningSecret("test-secret-0123456789-0123456789-0123456789");
  });

  test("a notice mail carries its one-click headers and a visible link; other mail none", () => {
    const url = "https://swapshed.example/unsubscribe/abc.def";
    const mail = { to: "a@b.example", subject: "s", text: "Hi\n", html: "<p>Hi</p>", template: "t" };
    const linked = withUnsubscribeLink(mail, url, "offers you receive");
    expect(linked.headers).toEqual({
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(linked.text).toContain(url);
    expect(linked.html).toContain(`href="${url}"`);
    expect(mail).not.toHaveProperty("headers");
  });
});

describe("the notification settings' groups", () => {
  // Each kind is a group on the settings page named by its label: a screen reader's list of groups, and a search for
  // one by name, must not find a kind inside another's name ("Reviews of you" inside "Reviews of you in …").
  test("no kind's label is part of another's", () => {
    const labels = NOTIFICATION_KIND_NAMES.map((kind) => kindRow(kind).label.toLowerCase());
    const inside = labels.flatMap((a) => labels.filter((b) => a !== b && b.includes(a)).map((b) => `${a} ⊂ ${b}`));
    expect(inside).toEqual([]);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
