import { ArrowLeftRight, BadgeCheck, HandCoins, MapPin } from "#app/components/ui/icons.ts";
import type { IconComponent } from "#app/components/ui/icon.tsx";
import { HomeSection, HomeSectionHeading } from "./home-section";

const POINTS: { icon: IconComponent; title: string; text: string }[] = [
  {
    icon: ArrowLeftRight,
    title: "Goods for goods",
    text: "Offer something you own for something you want. No selling, no haggling over a sale price.",
  },
  {
    icon: BadgeCheck,
    title: "Free to list",
    text: "Listing costs nothing. You only pay the $9.99 handshake fee once a swap has been accepted.",
  },
  {
    icon: HandCoins,
    title: "Top-ups are your call",
    text: "If the values don't quite match, you can agree a cash top-up between yourselves, outside SwapShed.",
  },
  {
    icon: MapPin,
    title: "Local by design",
    text: "Listings show their suburb and distance, so you can find a swap you can actually go and look at.",
  },
];

/** "About Us": what SwapShed is and how it differs from a classifieds site. */
export function About() {
  return (
    <HomeSection id="about" shaded>
      <div className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <HomeSectionHeading id="about" eyebrow="About SwapShed" title="About Us" />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-muted">
            <p>
              SwapShed is an Australian barter marketplace. Members list the things they own, from cars, motorbikes and
              boats to tradie tools, electronics and gear, and swap them for things they want instead of selling them
              for cash.
            </p>
            <p>
              Plenty of good stuff sits unused in sheds and garages around the country. We make it easy to turn it into
              something you'll use, with clear listings, swap proposals you can accept or decline, and contact details
              that stay private until both sides have committed.
            </p>
            <p>
              Cash top-ups, where one item is worth more than the other, are discussed between members outside the
              platform for now. SwapShed connects members; the swap itself is between you and the other member.
            </p>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-line bg-white p-6">
              <span className="icon-tile size-11">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </HomeSection>
  );
}
