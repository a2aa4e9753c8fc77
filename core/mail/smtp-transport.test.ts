import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, test } from "vitest";
import { createSmtpTransport } from "./smtp-transport";

type Received = { from: string; to: string[]; user?: string; raw: string };
const received: Received[] = [];

// A tiny SMTP server on a free local port: what nodemailer sends is what it gets.
const server = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === "mailer" && auth.password === "s3cret") callback(null, { user: auth.username });
    else callback(new Error("Invalid username or password"));
  },
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith("@bounce.example")) callback(new Error("Mailbox unavailable"));
    else callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
const port = (server.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mail = {
  to: "sam@example.com",
  subject: "New swap offer: Alex wants your Kayak",
  text: "G'day Sam, Alex would like to swap their Road bike for your Kayak.",
  html: "<p>G'day Sam</p>",
  template: "proposal_received",
};

describe("SMTP transport", () => {
  test("a mail is delivered to the SMTP server with its sender, recipient, subject and text", async () => {
    const transport = createSmtpTransport({
      url: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      from: "SwapShed <hello@swapshed.example>",
    });
    try {
      await transport.send(mail);
    } finally {
      transport.close();
    }
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got.user).toBe("mailer");
    expect(got.from).toBe("hello@swapshed.example");
    expect(got.to).toEqual(["sam@example.com"]);
    expect(got.raw).toContain("To: sam@example.com");
    expect(got.raw).toContain("From: SwapShed <hello@swapshed.example>");
    expect(got.raw).toContain("Subject: New swap offer: Alex wants your Kayak");
    // nodemailer writes header names in its own casing.
    expect(got.raw).toMatch(/^X-SwapShed-Template: proposal_received$/im);
    expect(got.raw).toContain("G'day Sam, Alex would like to swap their Road bike for your Kayak.");
    expect(got.raw).toContain("Content-Type: text/html");
  });

  test("a recipient the server refuses makes the send fail", async () => {
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: "hello@swapshed.example" });
    try {
      await expect(transport.send({ ...mail, to: "nobody@bounce.example" })).rejects.toThrow(/Mailbox unavailable/);
    } finally {
      transport.close();
    }
  });
});
