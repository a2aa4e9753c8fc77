import { z } from "zod";

// What the browser's WebAuthn ceremony answers (@simplewebauthn/browser's JSON), sent to us as a form field. The
// library checks the content; this only keeps out what is not even the right shape, or absurdly large.
const text = z.string().min(1).max(16_384);
const answerSchema = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/),
  rawId: z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: text,
    attestationObject: text.optional(),
    authenticatorData: text.optional(),
    signature: text.optional(),
    userHandle: text.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export type CeremonyAnswer = z.infer<typeof answerSchema>;

/** The browser's answer, from a JSON string (a form field) or an object; null when it is not one. */
export function parseCeremonyAnswer(input: unknown): CeremonyAnswer | null {
  let value = input;
  if (typeof input === "string") {
    if (input.length > 65_536) return null;
    try {
      value = JSON.parse(input);
    } catch {
      return null;
    }
  }
  const parsed = answerSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether the authenticator says it checked the person (PIN, fingerprint, face): the UV bit of the authenticator
 * data's flags byte. The signature covers these bytes, so a verified answer cannot lie about it.
 */
export function userWasVerified(answer: CeremonyAnswer): boolean {
  const data = answer.response.authenticatorData;
  if (!data) return false;
  const bytes = Buffer.from(data, "base64url");
  return bytes.length > 32 && (bytes[32] & 0x04) !== 0;
}
