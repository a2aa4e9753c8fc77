import nodemailer from "nodemailer";
import type { MailTransport } from "./mailer";

export type SmtpConfig = {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465. */
  url: string;
  /** The sender, e.g. "SwapShed <hello@swapshed.com.au>". */
  from: string;
};

/**
 * Sends through an SMTP server with nodemailer. Timeouts are short because `deliverPendingMail` holds the
 * outbox row's lock while a mail is in flight: a hung server should fail the attempt, not stall the queue.
 */
export function createSmtpTransport({ url, from }: SmtpConfig): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html || undefined,
        headers: { ...mail.headers, "X-SwapShed-Template": mail.template },
      });
    },
    close: () => transporter.close(),
  };
}
