import net from "node:net";

/**
 * ADMIN_IP_ALLOWLIST: comma-separated addresses or CIDR blocks, IPv4 or IPv6. Parsed once at boot; an entry
 * that is neither throws, so a typo cannot silently lock staff out (or let everyone in).
 */
export function parseIpAllowlist(value: string | undefined): net.BlockList {
  const list = new net.BlockList();
  for (const raw of (value ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, bits, extra] = entry.split("/");
    const family = net.isIP(address);
    if (!family || extra !== undefined) throw new Error(`not an IP address or CIDR block: ${entry}`);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) throw new Error(`not a CIDR block: ${entry}`);
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** True when the client address is on the list; an IPv4 client seen as ::ffff:a.b.c.d counts as a.b.c.d. */
export function isAddressAllowed(list: net.BlockList, ip: string): boolean {
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  const address = mapped ?? ip;
  const family = net.isIP(address);
  if (!family) return false;
  return list.check(address, family === 6 ? "ipv6" : "ipv4");
}
