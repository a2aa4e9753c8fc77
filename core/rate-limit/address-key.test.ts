import { describe, expect, test } from "vitest";
import { addressKey } from "./address-key";

describe("addressKey", () => {
  test("counts IPv6 clients by their /64, however they write it", () => {
    const key = addressKey("2001:db8:abcd:12:1111:2222:3333:4444");
    expect(key).toBe("2001:db8:abcd:12::/64");
    expect(addressKey("2001:0db8:abcd:0012:ffff:0:0:1")).toBe(key);
    expect(addressKey("2001:db8:abcd:12::9")).toBe(key);
    expect(addressKey("2001:DB8:ABCD:12::")).toBe(key);
  });

  test("keeps different /64s apart", () => {
    expect(addressKey("2001:db8:abcd:13::1")).not.toBe(addressKey("2001:db8:abcd:12::1"));
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  test("counts IPv4 by address, also when it arrives as IPv4-mapped IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
