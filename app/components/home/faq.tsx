import { ChevronDown } from "#app/components/ui/icons.ts";
import type { ReactNode } from "react";
import { HomeSection, HomeSectionHeading } from "./home-section";
import { HELD_UNTIL_BOTH_PAY, LAPSE_RELEASE, NON_REFUNDABLE_ONCE_PAID } from "#app/lib/fee-refunds.ts";

const QUESTIONS: { q: string; a: ReactNode }[] = [
  {
    q: "Who can use SwapShed?",
    a: (
      <>
        Anyone aged 18 or older can join. SwapShed is a marketplace that connects members: it is not a party to any
        swap, so the agreement is always between you and the other member.
      </>
    ),
  },
  {
    q: "Does it cost anything to list an item?",
    a: <>No. Listing is free, and so is browsing and proposing swaps. You only pay when a swap has been accepted.</>,
  },
  {
    q: "What is the handshake fee?",
    a: (
      <>
        Once a swap is accepted, each side pays a handshake fee of AUD 9.99. It's AUD 9.99 per party, paid once per
        accepted swap, and it unlocks the other member's contact details so you can arrange the swap.{" "}
        {HELD_UNTIL_BOTH_PAY}
      </>
    ),
  },
  {
    q: "Can I get a refund of the handshake fee?",
    a: (
      <>
        {NON_REFUNDABLE_ONCE_PAID} {LAPSE_RELEASE} If something else has gone wrong, for example you were charged in
        error, contact support and our team can issue a refund. This doesn't limit your rights under the Australian
        Consumer Law.
      </>
    ),
  },
  {
    q: "When do I get the other member's contact details?",
    a: (
      <>
        Only after both of you have paid the handshake fee. Until then, neither side's e-mail address or phone number is
        shared. Once both have paid, the swap is complete on SwapShed and you can both see each other's details.
      </>
    ),
  },
  {
    q: "How long does a swap proposal stay open?",
    a: (
      <>
        48 hours. If the other member hasn't accepted your proposal within 48 hours of it being sent, it expires and can
        no longer be accepted. You're free to send a new one.
      </>
    ),
  },
  {
    q: "What if our items aren't worth the same?",
    a: (
      <>
        You can agree a cash top-up between yourselves. For now, top-ups are arranged between members outside the
        platform: SwapShed doesn't handle or guarantee them.
      </>
    ),
  },
  {
    q: "Can I swap services, like a day's labour?",
    a: (
      <>
        Not yet. A Services category is coming soon. For now SwapShed is for swapping goods you own, from cars and boats
        to tools and electronics.
      </>
    ),
  },
];

/** Eight frequently asked questions, as native disclosure widgets (no JavaScript needed). */
export function Faq() {
  return (
    <HomeSection id="faq">
      <div className="mx-auto max-w-3xl">
        <HomeSectionHeading id="faq" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-10 divide-y divide-line rounded-xl border border-line bg-white">
          {QUESTIONS.map(({ q, a }) => (
            <details key={q} className="group">
              <summary className="faq-question">
                {q}
                <ChevronDown aria-hidden="true" className="faq-chevron size-5" />
              </summary>
              <p className="faq-answer">{a}</p>
            </details>
          ))}
        </div>
      </div>
    </HomeSection>
  );
}
