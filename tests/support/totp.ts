import crypto from "node:crypto";

/** The 6-digit code an authenticator app shows for a base32 key (RFC 6238: SHA-1, 30 s), as a person would type it. */
export function totpCode(base32Secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32Secret.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const key = Buffer.from(bits.match(/.{8}/g)?.map((b) => Number.parseInt(b, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = crypto.createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

const spentCodes = new Map<string, Set<string>>();

/**
 * A code for `base32Secret` that this test process has not typed yet: the one the app shows now, else the next
 * step's, else the previous step's while it has 5 s of its window left (Better Auth accepts one step either side),
 * else it waits for the next 30-second step. Each code is
 * accepted once (core/auth/totp-single-use.ts), so a journey that signs in again within the same half-minute
 * types the next code, as a person would wait for it.
 */
export async function unusedTotpCode(base32Secret: string): Promise<string> {
  const spent = spentCodes.get(base32Secret) ?? new Set<string>();
  spentCodes.set(base32Secret, spent);
  for (;;) {
    const now = Date.now();
    const previous = now % 30_000 < 25_000 ? [now - 30_000] : [];
    for (const at of [now, now + 30_000, ...previous]) {
      const code = totpCode(base32Secret, at);
      if (!spent.has(code)) {
        spent.add(code);
        return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (now % 30_000) + 50));
  }
}
