import type { ReactNode } from "react";

/** One tool on the Tools page: what it does, why it may be off here, and the link that opens its dialog. */
export function ToolCard({
  icon,
  title,
  explain,
  note = null,
  children,
}: {
  icon: ReactNode;
  title: string;
  explain: string;
  note?: string | null;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4">
      <div className="flex items-start gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-800"
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="min-w-0">
          <h2 className="font-semibold">{title}</h2>
          <p className="mt-0.5 text-sm text-muted">{explain}</p>
        </div>
      </div>
      {note && <p className="rounded-md bg-surface px-3 py-2 text-sm">{note}</p>}
      <div className="mt-auto flex flex-wrap gap-2">{children}</div>
    </section>
  );
}
