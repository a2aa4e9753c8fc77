import {
  Ban,
  Eye,
  FileCheck,
  Footprints,
  MapPin,
  ScanSearch,
  ShieldCheck,
  TriangleAlert,
  Users,
} from "#app/components/ui/icons.ts";
import type { IconComponent } from "#app/components/ui/icon.tsx";
import { HomeSection, HomeSectionHeading } from "./home-section";

const TIPS: { icon: IconComponent; title: string; text: string }[] = [
  {
    icon: MapPin,
    title: "Meet in a public place",
    text: "Pick a busy, well-lit spot in daylight, such as a shopping centre car park, rather than a private address.",
  },
  {
    icon: Users,
    title: "Bring a friend",
    text: "Take someone along, and tell someone else where you're going and when you expect to be back.",
  },
  {
    icon: ScanSearch,
    title: "Inspect before you swap",
    text: "Check the item works and matches the listing before anything changes hands. Take your time.",
  },
  {
    icon: Eye,
    title: "Check rego and the PPSR",
    text: "For cars, motorbikes, boats and trailers, check the registration and search the PPSR to make sure there's no money owing and it isn't recorded as stolen or written off.",
  },
  {
    icon: FileCheck,
    title: "Transfer ownership properly",
    text: "Complete the transfer paperwork for your state or territory, and keep receipts, manuals and service history with the item.",
  },
  {
    icon: Footprints,
    title: "Trust your instincts",
    text: "If something feels off, walk away. No swap is worth putting yourself at risk.",
  },
];

const RED_FLAGS = [
  "They ask you to pay money outside the platform beyond a top-up you've both agreed, or want a deposit before you've seen the item",
  "They pressure you to rush or decide on the spot",
  "They won't meet in person, or won't let you inspect the item",
  "The item, or its value, seems too good to be true",
  "They ask for your bank details, card numbers or other personal financial information",
  "A vehicle comes without matching paperwork, or the VIN doesn't match the documents",
];

/** Safety guide and red flags. */
export function Safety() {
  return (
    <HomeSection id="safety" shaded>
      <div className="max-w-2xl">
        <HomeSectionHeading
          id="safety"
          eyebrow="Swap with confidence"
          title="Safety guide"
          intro="Most swaps go smoothly. A few simple habits keep it that way, especially for high-value items like vehicles and boats."
        />
      </div>

      <div className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <h3 className="flex items-center gap-2 text-xl font-semibold text-ink">
            <ShieldCheck aria-hidden="true" className="size-6 text-brand-700" />
            Before and during the meet
          </h3>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {TIPS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-line bg-white p-5">
                <div className="flex items-center gap-3">
                  <span className="icon-tile size-9 shrink-0">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <p className="font-semibold text-ink">{title}</p>
                </div>
                <p className="mt-3 text-sm leading-relaxed text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>

        <div className="h-fit rounded-xl border border-accent-400 bg-white p-6 sm:p-8">
          <h3 className="flex items-center gap-2 text-xl font-semibold text-ink">
            <TriangleAlert aria-hidden="true" className="size-6 text-danger" />
            Red flags
          </h3>
          <p className="mt-2 text-muted">Be cautious if:</p>
          <ul className="mt-5 space-y-4">
            {RED_FLAGS.map((flag) => (
              <li key={flag} className="flex gap-3 leading-relaxed text-ink">
                <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
                <span>{flag}</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 border-t border-line pt-5 text-sm leading-relaxed text-muted">
            SwapShed will never ask you to pay a deposit or send money to another member. The only payment on SwapShed
            is the handshake fee, paid through our secure checkout.
          </p>
        </div>
      </div>
    </HomeSection>
  );
}
