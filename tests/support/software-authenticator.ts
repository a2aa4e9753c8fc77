// A passkey authenticator in software, for integration tests: it makes a P-256 credential and signs assertions
// exactly as a platform authenticator would (attestation "none"), so the real server checks run against it.
import crypto from "node:crypto";

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");

/** Just enough CBOR for an attestation object and a COSE key: maps, byte and text strings, small integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 };

export type SoftwarePasskey = {
  credentialId: Buffer;
  privateKey: crypto.KeyObject;
  userHandle: string;
  counter: number;
};

/**
 * `origin` and `rpId` are what a browser on that site would put in; `verifyUser: false` acts like a security key
 * touched without a PIN (user present, not verified); `synced` sets the backup flags of a synced passkey.
 */
export function softwareAuthenticator({
  origin,
  rpId,
  verifyUser = true,
  synced = false,
}: {
  origin: string;
  rpId: string;
  verifyUser?: boolean;
  synced?: boolean;
}) {
  const rpIdHash = crypto.createHash("sha256").update(rpId).digest();
  const flags = (extra: number) => FLAGS.UP | (verifyUser ? FLAGS.UV : 0) | (synced ? FLAGS.BE | FLAGS.BS : 0) | extra;
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** navigator.credentials.create() for these options: the new passkey and the browser's JSON answer. */
    create(options: { challenge: string; user: { id: string } }) {
      const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
      const jwk = publicKey.export({ format: "jwk" });
      const coseKey = new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, "base64url")],
        [-3, Buffer.from(jwk.y as string, "base64url")],
      ]);
      const credentialId = crypto.randomBytes(32);
      const length = Buffer.from([credentialId.length >> 8, credentialId.length & 255]);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([flags(FLAGS.AT)]),
        counterBytes(0),
        Buffer.alloc(16),
        length,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      const passkey: SoftwarePasskey = { credentialId, privateKey, userHandle: options.user.id, counter: 0 };
      const response = {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
      return { passkey, response };
    },

    /** navigator.credentials.get() with this passkey: a signed assertion over the challenge (the counter moves on). */
    get(passkey: SoftwarePasskey, options: { challenge: string }) {
      passkey.counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([flags(0)]), counterBytes(passkey.counter)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge);
      const signed = Buffer.concat([authData, crypto.createHash("sha256").update(clientDataJSON).digest()]);
      const signature = crypto.sign("sha256", signed, passkey.privateKey);
      return {
        id: b64url(passkey.credentialId),
        rawId: b64url(passkey.credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
