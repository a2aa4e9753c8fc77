import type { SmsProvider } from "./sms-outbox";

/**
 * The default provider (development, demos, tests): the outbox row is the text, so handing it over is nothing at
 * all and `deliverPendingSms` simply marks it sent. The demo outbox page is the phone's inbox.
 */
export const outboxSmsProvider: SmsProvider = {
  async send() {
    return { providerId: null };
  },
};
