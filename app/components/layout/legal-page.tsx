import { ArrowLeft } from "#app/components/ui/icons.ts";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Logo } from "./logo";

/**
 * The slim header of the text pages (legal pages, investor overview), which live outside the site layout:
 * "Back to home" and the SwapShed logo, both linking to "/".
 */
export function PageTopBar() {
  return (
    <header className="border-b border-line bg-white">
      <Container>
        <nav aria-label="Page" className="flex h-16 items-center justify-between gap-4">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to home
          </Link>
          <Logo />
        </nav>
      </Container>
    </header>
  );
}

type LegalPageProps = { title: string; updated: string; children: ReactNode };

/** Shared layout of the text pages: top bar, <main id="main"> and an article with readable typography. */
export function LegalPage({ title, updated, children }: LegalPageProps) {
  return (
    <>
      <PageTopBar />
      <main id="main" className="bg-white">
        <Container className="py-12 sm:py-16">
          <article className="mx-auto max-w-3xl">
            <div className="border-b border-line pb-8">
              <h1 className="text-3xl font-bold tracking-tight text-ink text-balance sm:text-4xl">{title}</h1>
              <p className="mt-3 text-sm text-muted">Last updated: {updated}</p>
            </div>
            <div className="mt-2">{children}</div>
          </article>
        </Container>
      </main>
    </>
  );
}

/* Building blocks for the text pages, so every page gets the same type scale without a typography plugin. */

/** A numbered or plain section with its h2. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="scroll-mt-20 text-xl font-semibold tracking-tight text-brand-800 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

export function LegalH3({ className = "", ...props }: ComponentProps<"h3">) {
  return <h3 className={`pt-2 text-lg font-semibold text-ink ${className}`} {...props} />;
}

export function LegalP({ className = "", ...props }: ComponentProps<"p">) {
  return <p className={`text-base leading-7 text-ink ${className}`} {...props} />;
}

/** A bulleted list; pass <li> children. */
export function LegalList({ className = "", ...props }: ComponentProps<"ul">) {
  return (
    <ul
      className={`list-disc space-y-2 pl-6 text-base leading-7 text-ink marker:text-brand-600 ${className}`}
      {...props}
    />
  );
}

/** An inline link in body text (internal paths use the router, anything else a plain anchor). */
export function LegalLink({ href, children }: { href: string; children: ReactNode }) {
  const className = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";
  return href.startsWith("/") ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
