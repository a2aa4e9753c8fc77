// A local SMTP server standing in for the mail provider: it accepts every mail and keeps what it got, and who
// sent it. Each app process signs in with its own user name, so the sink knows which process delivered a mail.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Delivery = { by: string; to: string[]; template: string };

export async function startSmtpSink() {
  const deliveries: Delivery[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        deliveries.push({
          by: String(session.user),
          to: session.envelope.rcptTo.map((r) => r.address),
          // Short, so never folded onto a second line (a long Subject may be).
          template: raw.match(/^X-SwapShed-Template: (.*)$/im)?.[1]?.trim() ?? "",
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    deliveries,
    /** SMTP_URL for one app process, signing in as `user`. */
    urlFor: (user: string) => `smtp://${user}:sink-password@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
