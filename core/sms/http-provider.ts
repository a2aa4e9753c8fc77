import { type SmsProvider, SmsRejectedError } from "./sms-outbox";

export type HttpSmsConfig = { url: string; token: string; from: string; timeoutMs?: number };

/**
 * An SMS gateway's HTTP API: POST {to, from, body, reference} as JSON with the token as a bearer token. A 2xx is
 * accepted (the answer's `id`, or `messageId`, is kept as the provider's id); a 4xx is a rejection that retrying
 * cannot fix; a 5xx, a timeout or a dropped connection is tried again later by `deliverPendingSms`.
 */
export function createHttpSmsProvider({ url, token, from, timeoutMs = 10_000 }: HttpSmsConfig): SmsProvider {
  return {
    async send(sms) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ to: sms.to, from, body: sms.body, reference: sms.id }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text().catch(() => "");
      if (response.status >= 400 && response.status < 500)
        throw new SmsRejectedError(`SMS provider refused the message: ${response.status} ${text.slice(0, 300)}`);
      if (!response.ok) throw new Error(`SMS provider failed: ${response.status} ${text.slice(0, 300)}`);
      let answer: { id?: unknown; messageId?: unknown } = {};
      try {
        answer = JSON.parse(text);
      } catch {
        // An accepted message with no JSON answer: sent, with no id to keep.
      }
      const id = answer.id ?? answer.messageId;
      return { providerId: typeof id === "string" || typeof id === "number" ? String(id) : null };
    },
  };
}
