import { describe, expect, test } from "vitest";
import { isAddressAllowed, parseIpAllowlist } from "./ip-allowlist";

describe("the back office's address allowlist", () => {
  const list = parseIpAllowlist("203.0.113.7, 10.20.0.0/16,2001:db8:abcd::/48");

  test("lets in listed addresses and addresses inside listed blocks", () => {
    expect(isAddressAllowed(list, "203.0.113.7")).toBe(true);
    expect(isAddressAllowed(list, "10.20.255.1")).toBe(true);
    expect(isAddressAllowed(list, "2001:db8:abcd:12::1")).toBe(true);
    expect(isAddressAllowed(list, "::ffff:203.0.113.7")).toBe(true);
  });

  test("keeps out everything else", () => {
    expect(isAddressAllowed(list, "203.0.113.8")).toBe(false);
    expect(isAddressAllowed(list, "10.21.0.1")).toBe(false);
    expect(isAddressAllowed(list, "2001:db8:abce::1")).toBe(false);
    expect(isAddressAllowed(list, "unknown")).toBe(false);
    expect(isAddressAllowed(parseIpAllowlist(""), "127.0.0.1")).toBe(false);
  });

  test("refuses an entry that is not an address or block", () => {
    expect(() => parseIpAllowlist("203.0.113.300")).toThrow(/203.0.113.300/);
    expect(() => parseIpAllowlist("10.0.0.0/33")).toThrow();
    expect(() => parseIpAllowlist("example.com")).toThrow();
  });
});
