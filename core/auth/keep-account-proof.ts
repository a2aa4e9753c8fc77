import { createHmac, timingSafeEqual } from "node:crypto";
import type { Auth } from "./auth";

/** How long the "Keep my account" offer stays good after the password was checked. */
export const KEEP_ACCOUNT_PROOF_MINUTES = 10;
const PURPOSE = "keep-account";

function authSecret(auth: Auth): string {
  const secret = auth.options.secret;
  if (!secret) throw new Error("Better Auth has no secret");
  return secret;
}

const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`${PURPOSE}:${payload}`).digest("base64url");

/**
 * A short-lived, signed statement that whoever holds it just gave this member's password: it lets them cancel
 * their own pending deletion, nothing else (it is never a session). Stateless: userId and expiry, HMAC-SHA256
 * with the auth secret, domain-separated so no other signed value of ours can pass for one.
 */
export function makeKeepAccountProof(auth: Auth, { userId, now }: { userId: string; now: Date }): string {
  const payload = `${userId}.${now.getTime() + KEEP_ACCOUNT_PROOF_MINUTES * 60 * 1000}`;
  return `${Buffer.from(payload).toString("base64url")}.${sign(authSecret(auth), payload)}`;
}

/** The member id a proof names, without checking it: only to count attempts against that member. */
export function claimedMember(proof: unknown): string | null {
  if (typeof proof !== "string" || proof.length > 500) return null;
  const payload = Buffer.from(proof.split(".")[0] ?? "", "base64url").toString("utf8");
  return /^[A-Za-z0-9_-]+\.\d+$/.test(payload) ? (payload.split(".")[0] ?? null) : null;
}

/** The member id of a genuine proof that has not expired, else null. */
export function readKeepAccountProof(auth: Auth, proof: unknown, now: Date): string | null {
  if (typeof proof !== "string" || proof.length > 500) return null;
  const [encoded, signature] = proof.split(".");
  if (!encoded || !signature) return null;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(sign(authSecret(auth), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, expires] = payload.split(".");
  if (!userId || !expires || Number(expires) <= now.getTime()) return null;
  return userId;
}
