import type { ReactNode } from "react";

/**
 * One card of My Account: its heading, which names the section for a screen reader, a line on what it is for,
 * then its forms. `danger` draws the border red (deleting the account).
 */
export function AccountSection({
  id,
  title,
  intro,
  danger = false,
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-2xl border ${danger ? "border-red-200" : "border-line"} bg-white p-6 shadow-sm sm:p-8`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      {children}
    </section>
  );
}
