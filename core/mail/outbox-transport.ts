import type { MailTransport } from "./mailer";

/**
 * The default transport (development, demos, tests): the outbox row is the mail, so handing it over is
 * nothing at all and `deliverPendingMail` simply marks it sent. The dev outbox page is the inbox.
 */
export const outboxTransport: MailTransport = {
  async send() {},
};
