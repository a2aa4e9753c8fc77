import net from "node:net";

/**
 * The part of a client address that a per-address limit counts. An IPv6 client usually holds a whole /64 (its
 * ISP hands out the prefix, the device picks the rest at will), so counting the full address would let one
 * person rotate through 2^64 of them: IPv6 counts by its /64. IPv4, and IPv4 seen as ::ffff:a.b.c.d, by address.
 */
export function addressKey(ip: string): string {
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mapped) return mapped;
  if (net.isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros ("2001:db8::1" -> 2001,db8,0,...,1). */
function expandIpv6(ip: string): string[] {
  const address = ip.split("%")[0].toLowerCase();
  const [head, tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 was handled above; other forms are rare) counts as two groups.
  const last = right.length ? right[right.length - 1] : left[left.length - 1];
  const missing = 8 - left.length - right.length - (last?.includes(".") ? 1 : 0);
  const groups = tail === undefined ? left : [...left, ...Array(missing).fill("0"), ...right];
  return groups.map((g) => (g.includes(".") ? g : Number.parseInt(g || "0", 16).toString(16)));
}
