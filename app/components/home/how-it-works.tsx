import { Clock, Handshake, PackagePlus, Repeat } from "#app/components/ui/icons.ts";
import type { IconComponent } from "#app/components/ui/icon.tsx";
import { HomeSection, HomeSectionHeading } from "./home-section";

const STEPS: { icon: IconComponent; title: string; text: string }[] = [
  {
    icon: PackagePlus,
    title: "List your item for free",
    text: "Add photos, a description, its condition, a value range and your suburb. Listing is free.",
  },
  {
    icon: Repeat,
    title: "Propose a swap, or accept one",
    text: "Offer one of your listings for something you like, or review the proposals you receive and accept the one that suits you.",
  },
  {
    icon: Handshake,
    title: "Shake hands and swap",
    text: "Once a swap is accepted, each side pays the $9.99 handshake fee. When both have paid, you both see each other's contact details, so you can arrange to meet and swap.",
  },
];

/** Three steps from listing to swapping. */
export function HowItWorks() {
  return (
    <HomeSection id="how-it-works">
      <div className="max-w-2xl">
        <HomeSectionHeading
          id="how-it-works"
          eyebrow="Three simple steps"
          title="How it Works"
          intro="From listing to handshake, you stay in control of who you swap with."
        />
      </div>
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="relative rounded-xl border border-line bg-white p-6 sm:p-8">
            <div className="flex items-center gap-4">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <p className="eyebrow">Step {i + 1}</p>
            </div>
            <h3 className="mt-6 text-xl font-semibold text-ink">{title}</h3>
            <p className="mt-3 leading-relaxed text-muted">{text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-8 flex items-start gap-3 rounded-xl border border-line bg-surface p-4 text-muted sm:items-center">
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 sm:mt-0" />
        <span>
          <strong className="font-semibold text-ink">Proposals expire after 48 hours.</strong> If a proposal isn't
          accepted within 48 hours of being sent, it expires and can no longer be accepted.
        </span>
      </p>
    </HomeSection>
  );
}
