import { ChevronDown } from "#app/components/ui/icons.ts";
import type { ReactNode } from "react";
import { sydneyFormat } from "#core/shared/time.ts";

/** One outbox row as the page shows it: dates already formatted (in the loader) for Sydney. */
export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  template: string | null;
  textBody: string;
  attempts: number;
  lastError: string | null;
  createdAt: { iso: string; label: string };
  sentAt: { iso: string; label: string } | null;
};

const sydney = sydneyFormat({ dateStyle: "medium", timeStyle: "short" });

/** "22 Nov 2026, 9:06 am" in Sydney time, with the ISO instant for <time dateTime>. */
export function sydneyStamp(date: Date) {
  return { iso: date.toISOString(), label: sydney.format(date) };
}

export function DeliveryBadge({ mail }: { mail: Pick<OutboxEntry, "sentAt" | "attempts"> }) {
  if (mail.sentAt)
    return (
      <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800">Sent</span>
    );
  if (mail.attempts > 0) {
    return (
      <span className="shrink-0 rounded-full bg-red-50 px-2.5 py-1 text-xs font-semibold text-danger">
        Failed {mail.attempts} {mail.attempts === 1 ? "time" : "times"}
      </span>
    );
  }
  return (
    <span className="shrink-0 rounded-full bg-accent-100 px-2.5 py-1 text-xs font-semibold text-ink">Not sent yet</span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The outbox, newest first; each mail opens to show its text body. */
export function OutboxList({ mails }: { mails: OutboxEntry[] }) {
  return (
    <ol className="mt-8 space-y-3" aria-label="Mails, newest first">
      {mails.map((mail) => (
        <li key={mail.id} className="rounded-2xl border border-line bg-white shadow-sm">
          <details className="group">
            <summary className="flex cursor-pointer list-none items-start gap-3 rounded-2xl p-4 hover:bg-surface [&::-webkit-details-marker]:hidden">
              <ChevronDown
                className="mt-0.5 size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1">
                <span className="block break-words font-semibold">{mail.subject}</span>
                <span className="mt-1 block break-words text-sm text-muted">
                  To {mail.to} · <time dateTime={mail.createdAt.iso}>{mail.createdAt.label}</time>
                  {mail.template && <> · {mail.template}</>}
                </span>
              </span>
              <DeliveryBadge mail={mail} />
            </summary>
            <div className="border-t border-line p-4">
              <dl className="grid gap-1 text-sm sm:grid-cols-2">
                <Fact label="To">{mail.to}</Fact>
                <Fact label="Template">{mail.template ?? "None"}</Fact>
                <Fact label="Created">
                  <time dateTime={mail.createdAt.iso}>{mail.createdAt.label}</time>
                </Fact>
                <Fact label="Sent">
                  {mail.sentAt ? <time dateTime={mail.sentAt.iso}>{mail.sentAt.label}</time> : "Not yet"}
                </Fact>
                {mail.attempts > 0 && <Fact label="Failed attempts">{mail.attempts}</Fact>}
                {mail.lastError && <Fact label="Last error">{mail.lastError}</Fact>}
              </dl>
              <pre className="mt-4 max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-xl bg-surface p-4 font-mono text-sm leading-relaxed">
                {mail.textBody}
              </pre>
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
