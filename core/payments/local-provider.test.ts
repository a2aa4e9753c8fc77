import { describe, expect, test } from "vitest";
import { createLocalPaymentProvider, LOCAL_SIGNATURE_HEADER, signLocalWebhook } from "./local-provider";
import { WebhookPayloadError, WebhookSignatureError } from "./payment-provider";

const SECRET = "local-test-secret-0123456789-0123456789";
const now = new Date("2026-03-14T02:00:00Z");
const t = Math.floor(now.getTime() / 1000);
const provider = createLocalPaymentProvider({ appUrl: "http://localhost:3000/", secret: SECRET });
const event = {
  id: "evt_local_1",
  object: "event",
  type: "checkout.session.completed",
  created: t,
  data: { object: { id: "cs_local_1", payment_intent: "pi_local_1", metadata: { paymentId: "p1" } } },
};
const body = JSON.stringify(event);
const headers = (signature: string) => new Headers({ [LOCAL_SIGNATURE_HEADER]: signature });

describe("the local provider's webhook signature", () => {
  test("a body signed with the local secret is accepted", () => {
    const parsed = provider.parseWebhook(body, headers(signLocalWebhook(body, SECRET, t)), now);
    expect(parsed).toMatchObject({
      id: "evt_local_1",
      sessionId: "cs_local_1",
      paymentIntentId: "pi_local_1",
      paymentId: "p1",
    });
  });

  test("the header is t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>", () => {
    expect(signLocalWebhook(body, SECRET, t)).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64}$`));
  });

  test("signatures older or further ahead than 5 minutes are refused", () => {
    for (const offset of [-301, 301]) {
      expect(() => provider.parseWebhook(body, headers(signLocalWebhook(body, SECRET, t + offset)), now)).toThrow(
        WebhookSignatureError,
      );
    }
    expect(provider.parseWebhook(body, headers(signLocalWebhook(body, SECRET, t - 299)), now).id).toBe("evt_local_1");
  });

  test("a wrong secret, a tampered body, a malformed or missing header is refused", () => {
    expect(() => provider.parseWebhook(body, headers(signLocalWebhook(body, "another-secret", t)), now)).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.parseWebhook(`${body} `, headers(signLocalWebhook(body, SECRET, t)), now)).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.parseWebhook(body, headers(`t=${t},v1=abc`), now)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, headers("nonsense"), now)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, new Headers(), now)).toThrow(WebhookSignatureError);
  });

  test("a correctly signed body that is not an event is refused as a bad payload", () => {
    const junk = "not json";
    expect(() => provider.parseWebhook(junk, headers(signLocalWebhook(junk, SECRET, t)), now)).toThrow(
      WebhookPayloadError,
    );
  });

  test("a checkout opens at the app's own /checkout page", async () => {
    const session = await provider.createCheckout({
      paymentId: "p1",
      amountCents: 999,
      currency: "aud",
      description: "SwapShed handshake fee",
      customerEmail: "kylie@example.com.au",
      successUrl: "http://localhost:3000/my-swaps",
      cancelUrl: "http://localhost:3000/my-swaps",
    });
    expect(session.url).toBe(`http://localhost:3000/checkout/${session.sessionId}`);
  });
});
