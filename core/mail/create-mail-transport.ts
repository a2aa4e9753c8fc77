import type { MailTransport } from "./mailer";
import { outboxTransport } from "./outbox-transport";
import { createSmtpTransport } from "./smtp-transport";

export type MailTransportConfig = { driver: "outbox" } | { driver: "smtp"; url: string; from: string };

/** The configured transport: the outbox itself by default, or SMTP. */
export function createMailTransport(config: MailTransportConfig): MailTransport {
  return config.driver === "smtp" ? createSmtpTransport(config) : outboxTransport;
}
