import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { enqueueEventMail } from "../mail/mailer";
import { paragraph, render } from "../mail/templates";
import type { DomainEvent, StaffEventPayloads } from "./event-kinds";

type AppealEvent = DomainEvent & { kind: "appeal.decided"; payload: StaffEventPayloads["appeal.decided"] };

/**
 * To the member who appealed: what staff decided, and why (decision 097). Always sent, whatever their notice
 * preferences: it answers something they asked for, like a receipt (a suspended member cannot sign in to read the
 * notice). Queued with the event's id, so an event dispatched twice mails once.
 */
export async function mailAppealDecided(tx: Db, event: AppealEvent, appUrl: string) {
  const { userId, subject, outcome, reason, title } = event.payload;
  const [member] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!member) return;
  const base = appUrl.replace(/\/+$/, "");
  const what =
    subject === "suspension" ? "the suspension of your account" : `the decision on your listing "${title ?? ""}"`;
  const outcomeLine =
    outcome === "reversed"
      ? subject === "suspension"
        ? "We've reversed it: your account is active again and you can sign in."
        : "We've reversed it: your listing is back on SwapShed."
      : "After a second look, the decision stands.";
  await enqueueEventMail(
    tx,
    render({
      template: "appeal_decided",
      to: member.email,
      subject: outcome === "reversed" ? "Your appeal was successful" : "We've reviewed your appeal",
      greeting: `G'day ${member.name},`,
      blocks: [
        paragraph(
          `A member of our team who wasn't involved in the original decision has reviewed your appeal against ${what.replace(/\s+/g, " ")}.`,
        ),
        paragraph(outcomeLine),
        { kind: "quote", label: "Their reason:", text: reason },
      ],
      action:
        subject === "suspension"
          ? { label: outcome === "reversed" ? "Sign in" : "Visit SwapShed", url: `${base}/auth` }
          : { label: "See My Listings", url: `${base}/my-listings` },
    }),
    { eventId: event.id },
  );
}
