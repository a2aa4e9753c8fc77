import { Smartphone } from "#app/components/ui/icons.ts";
import { DeliveryBadge } from "./outbox-list";

/** One text message as the outbox page shows it: dates already formatted (in the loader) for Sydney. */
export type SmsEntry = {
  id: string;
  to: string;
  body: string;
  template: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: { iso: string; label: string };
  sentAt: { iso: string; label: string } | null;
};

/** The texts in the outbox, newest first: short enough to show whole, as a phone's inbox does. */
export function SmsList({ texts }: { texts: SmsEntry[] }) {
  return (
    <section aria-labelledby="texts-heading" className="mt-10">
      <h2 id="texts-heading" className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <Smartphone className="size-5 text-brand-700" aria-hidden="true" />
        Text messages
      </h2>
      <ol className="mt-4 space-y-3" aria-label="Text messages, newest first">
        {texts.map((text) => (
          <li key={text.id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 break-words text-sm text-muted">
                To {text.to} · <time dateTime={text.createdAt.iso}>{text.createdAt.label}</time>
                {text.template && <> · {text.template}</>}
              </p>
              <DeliveryBadge mail={text} />
            </div>
            <p className="mt-2 break-words rounded-xl bg-surface px-3 py-2 text-ink">{text.body}</p>
            {text.lastError && <p className="mt-2 break-words text-sm text-danger">Last error: {text.lastError}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
