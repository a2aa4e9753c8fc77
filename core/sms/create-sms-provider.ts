import { createHttpSmsProvider } from "./http-provider";
import { outboxSmsProvider } from "./outbox-provider";
import type { SmsProvider } from "./sms-outbox";

export type SmsEnv = {
  SMS_PROVIDER: "outbox" | "http";
  SMS_HTTP_URL?: string;
  SMS_HTTP_TOKEN?: string;
  SMS_FROM: string;
};

/** The configured provider: the outbox itself by default, or an HTTP gateway (the env schema requires its URL and token). */
export function createSmsProvider(env: SmsEnv): SmsProvider {
  if (env.SMS_PROVIDER === "http" && env.SMS_HTTP_URL && env.SMS_HTTP_TOKEN)
    return createHttpSmsProvider({ url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN, from: env.SMS_FROM });
  return outboxSmsProvider;
}
