import type { ReactNode } from "react";
import { Container } from "#app/components/ui/container.tsx";

/**
 * One of the home page's long sections: an anchor the header's links jump to (clear of the sticky header), a small
 * eyebrow line over the section's heading, and the heading's id for the landmark's name.
 */
export function HomeSection({
  id,
  shaded = false,
  children,
}: {
  id: string;
  /** A tinted background, alternating with the white sections around it. */
  shaded?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`scroll-mt-20 ${shaded ? "bg-surface " : ""}py-16 sm:py-24`}
    >
      <Container>{children}</Container>
    </section>
  );
}

/** The eyebrow and heading of a HomeSection, and its one-paragraph introduction when it has one. */
export function HomeSectionHeading({
  id,
  eyebrow,
  title,
  intro,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
}) {
  return (
    <>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={`${id}-heading`} className="section-title mt-2">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg leading-relaxed text-muted">{intro}</p>}
    </>
  );
}
