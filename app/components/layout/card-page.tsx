import type { ReactNode } from "react";
import { Container } from "#app/components/ui/container.tsx";

type CardPageProps = {
  title: string;
  /** The line under the heading: what the page is for, or what it is about. */
  intro: ReactNode;
  /** `narrow` for a short form (proposing a swap), `wide` for the listing form. */
  width: "narrow" | "wide";
  children: ReactNode;
};

/** A member's one-task page: its heading, a line about it and the form, on one white card. */
export function CardPage({ title, intro, width, children }: CardPageProps) {
  return (
    <main id="main" className={width === "wide" ? "bg-surface py-10 sm:py-14" : "bg-surface py-10"}>
      <Container className={width === "wide" ? "max-w-2xl" : "max-w-xl"}>
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-muted">{intro}</p>
          {children}
        </div>
      </Container>
    </main>
  );
}
