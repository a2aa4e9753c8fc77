import {
  ChartColumn,
  Compass,
  Handshake,
  Lightbulb,
  Mail,
  Megaphone,
  Sparkles,
  Target,
  TrendingUp,
  TriangleAlert,
} from "#app/components/ui/icons.ts";
import type { IconComponent } from "#app/components/ui/icon.tsx";
import type { ReactNode } from "react";
import type { MetaFunction } from "react-router";
import { PageTopBar } from "#app/components/layout/legal-page.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { useSite } from "#app/lib/use-site.ts";

export const meta: MetaFunction = () => [
  { title: "Investor Overview | SwapShed" },
  {
    name: "description",
    content:
      "SwapShed is building Australia's barter marketplace. Our vision, the problem we solve, the market and our business model, and how to contact investor relations.",
  },
];

function Block({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: IconComponent;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-white p-6 sm:p-8">
      <span className="icon-tile size-11">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h2 id={id} className="mt-5 text-2xl font-bold tracking-tight text-brand-800">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-7 text-muted">{children}</div>
    </section>
  );
}

const REVENUE: { icon: IconComponent; title: string; text: string; status: string }[] = [
  {
    icon: Handshake,
    title: "Per-party swap fee",
    text: "A flat AU $9.99 per party, paid once per accepted swap by each side to unlock contact details. Listing stays free, so supply grows without friction.",
    status: "Live",
  },
  {
    icon: Sparkles,
    title: "Premium subscriptions",
    text: "Tools for frequent swappers and small dealers, such as listing performance insights and saved searches with alerts.",
    status: "Planned",
  },
  {
    icon: Megaphone,
    title: "Featured listings",
    text: "Paid placement that puts a listing at the top of its category and search results for a set period.",
    status: "Planned",
  },
  {
    icon: ChartColumn,
    title: "Data insights",
    text: "Aggregated, de-identified insights on what Australians want to swap and where, for retailers, manufacturers and researchers. Never personal information.",
    status: "Planned",
  },
];

export default function Investors() {
  const { investorEmail } = useSite();

  return (
    <>
      <PageTopBar />
      <main id="main">
        <section
          aria-labelledby="investors-heading"
          className="bg-linear-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
        >
          <Container className="py-16 sm:py-24">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">Investor Overview</p>
            <h1
              id="investors-heading"
              className="mt-3 max-w-3xl text-4xl font-bold leading-tight tracking-tight text-balance sm:text-5xl"
            >
              Building Australia's marketplace for swapping, not selling
            </h1>
            <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100">
              SwapShed lets Australians trade the things they own for the things they want, from cars and boats to
              tradie tools and electronics, with a simple, transparent fee that is only charged when a swap is accepted.
            </p>
          </Container>
        </section>

        <div className="bg-surface py-16 sm:py-24">
          <Container>
            <div className="grid gap-6 md:grid-cols-2">
              <Block id="vision" icon={Compass} title="Vision">
                <p>
                  An Australia where the goods already in our sheds, garages and spare rooms keep being used, and where
                  swapping is as natural and as trusted as buying.
                </p>
              </Block>
              <Block id="mission" icon={Target} title="Mission">
                <p>
                  To make swapping goods safe, simple and fair: clear listings, structured proposals, and contact
                  details shared only when both sides have committed.
                </p>
              </Block>
              <Block id="problem" icon={TriangleAlert} title="Problem">
                <p>
                  Many people would rather trade than sell, especially for big-ticket items like vehicles, boats and
                  tools, but general classifieds are built for cash sales. Swap offers get lost among sale enquiries,
                  time-wasters are common, and handing out your phone number to strangers up front feels risky.
                </p>
              </Block>
              <Block id="solution" icon={Lightbulb} title="Solution">
                <p>
                  A marketplace designed for barter. Members offer one of their own listings for another, proposals
                  expire after 48 hours, and a small handshake fee paid by both sides filters out time-wasters and
                  unlocks contact details only once both have paid.
                </p>
              </Block>
            </div>

            <section aria-labelledby="market-size" className="mt-6 rounded-xl border border-line bg-white p-6 sm:p-8">
              <span className="icon-tile size-11">
                <TrendingUp aria-hidden="true" className="size-5" />
              </span>
              <h2 id="market-size" className="mt-5 text-2xl font-bold tracking-tight text-brand-800">
                Market Size
              </h2>
              <div className="mt-3 max-w-3xl space-y-3 leading-7 text-muted">
                <p>
                  Australia's second-hand and re-commerce market is large and growing. Industry estimates put the value
                  of unused goods held in Australian households in the billions of dollars, and buying and trading
                  pre-owned goods is increasingly mainstream, driven by cost-of-living pressure and interest in
                  sustainability.
                </p>
                <p>
                  Our initial focus is high-value categories where trades are already common and trust matters most:
                  cars and vehicles, motorcycles, boats and marine, and tradie tools, with electronics, home and garden,
                  sports and outdoors, fashion and collectibles alongside. A services category is coming soon.
                </p>
                <p className="text-sm">
                  We describe the market qualitatively here; our detailed market sizing is available to investors on
                  request.
                </p>
              </div>
            </section>

            <section aria-labelledby="business-model" className="mt-16">
              <h2 id="business-model" className="text-3xl font-bold tracking-tight text-ink">
                Business Model
              </h2>
              <p className="mt-3 max-w-2xl text-lg leading-relaxed text-muted">
                Listing is free. Revenue comes from the handshake fee today, with further streams planned.
              </p>
              <ul className="mt-8 grid gap-6 sm:grid-cols-2">
                {REVENUE.map(({ icon: Icon, title, text, status }) => (
                  <li key={title} className="rounded-xl border border-line bg-white p-6">
                    <div className="flex items-center justify-between gap-4">
                      <span className="icon-tile size-11">
                        <Icon aria-hidden="true" className="size-5" />
                      </span>
                      <span
                        className={`rounded-full px-3 py-1 text-xs font-semibold ${
                          status === "Live" ? "bg-brand-100 text-brand-800" : "bg-accent-100 text-ink"
                        }`}
                      >
                        {status}
                      </span>
                    </div>
                    <h3 className="mt-5 text-lg font-semibold text-ink">{title}</h3>
                    <p className="mt-2 leading-7 text-muted">{text}</p>
                  </li>
                ))}
              </ul>
            </section>
          </Container>
        </div>

        <section aria-labelledby="contact-ir" className="py-16 sm:py-24">
          <Container>
            <div className="rounded-2xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
              <h2 id="contact-ir" className="text-3xl font-bold tracking-tight">
                Talk to us
              </h2>
              <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-brand-100">
                We'd welcome a conversation with investors who share our view of a more resourceful Australia.
              </p>
              <a href={`mailto:${investorEmail}`} className={buttonClass({ variant: "accent", size: "lg" }, "mt-8")}>
                <Mail aria-hidden="true" className="size-5" />
                Contact Investor Relations
              </a>
              <p className="mt-4 text-sm text-brand-100">
                Or e-mail <span className="break-all font-medium text-white">{investorEmail}</span>
              </p>
            </div>
          </Container>
        </section>
      </main>
    </>
  );
}
