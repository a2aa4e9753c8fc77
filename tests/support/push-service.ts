// A LOCAL STAND-IN PUSH SERVICE (decision 085, Web Push): an HTTP server on 127.0.0.1 that takes pushes as a real
// one (FCM, Mozilla autopush, Apple) does and checks them as strictly:
// - the VAPID header (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by the key
//   pair whose public half is `k` (verified here with node:crypto), `aud` this service's origin, `exp` within 24 h,
//   `sub` a mailto: or https: contact; `k` must be the deployment's public key;
// - `Content-Encoding: aes128gcm`, a TTL header;
// - the body DECRYPTED (RFC 8291 over RFC 8188) with the browser's private ECDH key and auth secret, which the test
//   holds because the test is the browser here (`subscribe()` makes them, as PushManager.subscribe would).
// Each push is recorded with what was found; a subscription can be told to answer 410 (gone) or another status.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedPush = {
  subscriptionId: string;
  /** What the checks found wrong (empty: a push a real service would take). */
  problems: string[];
  ttl: number | null;
  jwt: Record<string, unknown> | null;
  /** The decrypted payload (JSON parsed when it is JSON). */
  payload: unknown;
  status: number;
};

type Browser = { ecdh: crypto.ECDH; auth: Buffer; answer: number };

const b64u = (b: Buffer) => b.toString("base64url");

/** HKDF (RFC 5869) with SHA-256: extract with `salt`, expand with `info`. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync("sha256", ikm, salt, info, length));

/** RFC 8291 §3.4 / RFC 8188 §2: one aes128gcm record, decrypted with the browser's keys. */
export function decryptPush(body: Buffer, browser: { ecdh: crypto.ECDH; auth: Buffer }): Buffer {
  if (body.length < 21 + 65 + 17) throw new Error(`body too short for an aes128gcm record (${body.length} bytes)`);
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not the sender's 65-byte public key`);
  const senderPublic = body.subarray(21, 21 + 65);
  const ciphertext = body.subarray(21 + 65);
  if (ciphertext.length > recordSize) throw new Error("more than one record: a push is one record");
  const uaPublic = browser.ecdh.getPublicKey();
  const secret = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, senderPublic]);
  const ikm = hkdf(browser.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the record does not end with the last-record delimiter (0x02)");
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=…, k=…` against the service's origin and the expected public key. */
function checkVapid(header: string | undefined, origin: string, publicKey: string, now: number) {
  const problems: string[] = [];
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return { problems: [`Authorization is not "vapid t=…, k=…": ${header}`], jwt: null };
  const [, token, k] = match;
  if (k !== publicKey) problems.push("k is not the deployment's VAPID public key");
  const [head, body, signature] = token.split(".");
  const header0 = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as Record<string, unknown>;
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
  if (header0.alg !== "ES256") problems.push(`JWT alg is ${String(header0.alg)}, not ES256`);
  const raw = Buffer.from(k, "base64url");
  const key = crypto.createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const signed = crypto.verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) problems.push("the JWT's ES256 signature does not verify with k");
  if (claims.aud !== origin) problems.push(`aud is ${String(claims.aud)}, not ${origin}`);
  const exp = Number(claims.exp);
  if (!(exp > now / 1000) || exp > now / 1000 + 24 * 3600 + 60) problems.push(`exp ${exp} is not within 24 hours`);
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) problems.push("sub is not a contact");
  return { problems, jwt: claims };
}

/** Starts the stand-in on 127.0.0.1 (a free port); `close()` when done. */
export async function startPushService({ vapidPublicKey }: { vapidPublicKey: string }) {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  let origin = "";

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = /^\/push\/([a-f0-9-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const browser = browsers.get(id);
      if (req.method !== "POST" || !browser) {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const { problems, jwt } = checkVapid(req.headers.authorization, origin, vapidPublicKey, Date.now());
      if (req.headers["content-encoding"] !== "aes128gcm")
        problems.push(`Content-Encoding is ${req.headers["content-encoding"]}, not aes128gcm`);
      const ttl = req.headers.ttl === undefined ? null : Number(req.headers.ttl);
      if (ttl === null || !Number.isInteger(ttl) || ttl < 0) problems.push("no valid TTL header");
      let payload: unknown = null;
      try {
        const text = decryptPush(body, browser).toString("utf8");
        try {
          payload = JSON.parse(text);
        } catch {
          payload = text;
        }
      } catch (error) {
        problems.push(`payload: ${(error as Error).message}`);
      }
      const status = problems.length ? 400 : browser.answer;
      received.push({ subscriptionId: id, problems, ttl, jwt, payload, status });
      res.writeHead(status, status === 201 ? { Location: `${origin}/message/${crypto.randomUUID()}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** A new browser subscription, as PushSubscription.toJSON() gives it; the service keeps the private side. */
    subscribe() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      browsers.set(id, { ecdh, auth, answer: 201 });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      };
    },
    /** What this subscription's endpoint answers from now on (410: the browser unsubscribed). */
    answer(id: string, status: number) {
      browsers.get(id)!.answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
