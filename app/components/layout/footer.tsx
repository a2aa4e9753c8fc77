import { ArrowLeftRight, Mail } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { useSite } from "#app/lib/use-site.ts";

const LINKS = [
  { to: "/terms", label: "Terms and Conditions" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/cookies", label: "Cookie Policy" },
  { to: "/investors", label: "Investors" },
] as const;

/** Site footer: brand, legal and investor links, support e-mail and copyright. */
export function Footer() {
  const { supportEmail } = useSite();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-brand-900 text-white">
      <Container className="py-12 sm:py-16">
        <div className="flex flex-col gap-10 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm">
            <p className="inline-flex items-center gap-2 text-xl font-bold tracking-tight text-white">
              <span className="flex size-8 items-center justify-center rounded-lg bg-accent-400 text-ink">
                <ArrowLeftRight aria-hidden="true" className="size-4" />
              </span>
              SwapShed
            </p>
            <p className="mt-4 leading-relaxed text-brand-100">
              The Australian barter marketplace: swap goods, not cash. Listing is free.
            </p>
          </div>

          <nav aria-label="Footer">
            <ul className="grid gap-x-12 gap-y-3 sm:grid-cols-2">
              {LINKS.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to} className="footer-link">
                    {label}
                  </Link>
                </li>
              ))}
              <li className="sm:col-span-2">
                <a href={`mailto:${supportEmail}`} className="footer-link inline-flex items-center gap-2">
                  <Mail aria-hidden="true" className="size-4" />
                  <span>
                    Support: <span className="break-all">{supportEmail}</span>
                  </span>
                </a>
              </li>
            </ul>
          </nav>
        </div>

        <p className="mt-12 border-t border-white/15 pt-6 text-sm text-brand-200">
          © {year} SwapShed Pty Ltd. All rights reserved.
        </p>
      </Container>
    </footer>
  );
}
