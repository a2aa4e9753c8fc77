import type { MetaFunction } from "react-router";
import { LegalLink, LegalList, LegalP, LegalPage, LegalSection } from "#app/components/layout/legal-page.tsx";
import { useSite } from "#app/lib/use-site.ts";
import { HELD_UNTIL_BOTH_PAY, LAPSE_RELEASE, NON_REFUNDABLE_ONCE_PAID } from "#app/lib/fee-refunds.ts";

export const meta: MetaFunction = () => [
  { title: "Terms and Conditions | SwapShed" },
  {
    name: "description",
    content:
      "The terms for using SwapShed, the Australian barter marketplace: 18+ only, free listings, the AUD 9.99 per-party handshake fee, and your responsibilities when you swap.",
  },
];

export default function Terms() {
  const { supportEmail } = useSite();
  const year = new Date().getFullYear();

  return (
    <LegalPage title="Terms and Conditions" updated="21 November 2026">
      <LegalP className="mt-8">
        These terms are an agreement between you and SwapShed Pty Ltd ("SwapShed", "we", "us") about your use of the
        SwapShed website and services. Please read them carefully. Nothing in these terms excludes, restricts or
        modifies any right or remedy you have under the Australian Consumer Law that cannot lawfully be excluded.
      </LegalP>

      <LegalSection id="terms-1" title="1. Acceptance of these terms">
        <LegalP>
          By creating an account, listing an item, proposing or accepting a swap, or otherwise using SwapShed, you agree
          to these terms and to our <LegalLink href="/privacy">Privacy Policy</LegalLink> and{" "}
          <LegalLink href="/cookies">Cookie Policy</LegalLink>. If you do not agree, please do not use SwapShed.
        </LegalP>
        <LegalP>
          We may update these terms from time to time. When we do, we will change the "Last updated" date above and, for
          significant changes, let members know by e-mail or on the site. If you keep using SwapShed after a change
          takes effect, you accept the updated terms.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-2" title="2. Who can use SwapShed">
        <LegalP>
          You must be 18 or older to create an account or use SwapShed. By using SwapShed you confirm that you are at
          least 18 and legally able to enter into a binding agreement. We may ask for proof of age and may close any
          account we reasonably believe belongs to someone under 18.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-3" title="3. Your account">
        <LegalList>
          <li>You must give accurate details when you sign up and keep them up to date.</li>
          <li>You may hold only one personal account, and you must not create an account for someone else.</li>
          <li>
            You are responsible for keeping your password secure and for everything done through your account. Tell us
            straight away at <LegalLink href={`mailto:${supportEmail}`}>{supportEmail}</LegalLink> if you think someone
            else has used it.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="terms-4" title="4. How SwapShed works">
        <LegalP>
          SwapShed is an online marketplace where members list goods they own and propose to swap them for other
          members' goods. A member can propose a swap by offering one of their own active listings for another member's
          listing. The receiving member may accept or decline. A proposal that has not been accepted within 48 hours of
          being made expires and can no longer be accepted.
        </LegalP>
        <LegalP>
          When a proposal is accepted, both listings are reserved for that swap. Any cash top-up to balance the value of
          the items is agreed and paid between members outside the platform; SwapShed does not handle, hold or guarantee
          top-ups.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-5" title="5. Listings and their accuracy">
        <LegalP>Listing an item on SwapShed is free. When you list an item, you promise that:</LegalP>
        <LegalList>
          <li>you own the item, or are authorised to swap it, and are free to transfer it;</li>
          <li>
            the title, description, category, condition, value range, location and photos are accurate, current and of
            the actual item;
          </li>
          <li>
            you have disclosed any known faults, damage, missing parts and any finance, security interest or other
            encumbrance over the item; and
          </li>
          <li>the item is available to swap, and you will update or remove the listing if that changes.</li>
        </LegalList>
        <LegalP>Value ranges are the lister's own estimate. SwapShed does not value, inspect or verify items.</LegalP>
      </LegalSection>

      <LegalSection id="terms-6" title="6. Prohibited items">
        <LegalP>You must not list, offer or swap:</LegalP>
        <LegalList>
          <li>anything illegal to own, sell or transfer in Australia or in your state or territory;</li>
          <li>stolen goods, or goods you cannot show you have the right to transfer;</li>
          <li>firearms, ammunition, weapons and their parts, explosives or fireworks;</li>
          <li>
            drugs, prescription medicines, tobacco, vaping products, alcohol, or anything else that needs a licence to
            supply;
          </li>
          <li>counterfeit, replica or pirated goods, or goods that infringe anyone's intellectual property;</li>
          <li>recalled or unsafe products, or vehicles and vessels that cannot be lawfully transferred;</li>
          <li>animals, human remains or body parts, or hazardous materials;</li>
          <li>
            personal information, accounts, tickets that cannot be transferred, gift cards, money, or financial
            products; or
          </li>
          <li>adult material, or anything offensive, discriminatory or harmful.</li>
        </LegalList>
        <LegalP>Services cannot be listed yet. A Services category is coming soon and will have its own rules.</LegalP>
      </LegalSection>

      <LegalSection id="terms-7" title="7. The handshake fee">
        <LegalP>
          When a swap proposal is accepted, each party must pay a handshake fee of AUD 9.99. The fee is AUD 9.99 per
          party, paid once per accepted swap by each side. Payments are processed by our payment provider, and any
          account credit you hold is applied to the fee first. {HELD_UNTIL_BOTH_PAY}
        </LegalP>
        <LegalP>
          {NON_REFUNDABLE_ONCE_PAID} That includes when the swap does not go ahead after contact details have been
          shared, except where SwapShed issues a refund at its discretion (for example, if you were charged in error) or
          where the Australian Consumer Law requires a refund. {LAPSE_RELEASE}
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-8" title="8. Contact details">
        <LegalP>
          Contact details are shared only after both parties to an accepted swap have paid the handshake fee. Until
          then, SwapShed does not disclose either party's e-mail address or phone number to the other. Once both have
          paid, each party can see the other's full name, e-mail address, phone number and location, where given.
        </LegalP>
        <LegalP>
          You may use another member's contact details only to arrange and complete that swap. You must not use them for
          marketing, harassment or any other purpose.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-9" title="9. Completing a swap">
        <LegalP>
          Members arrange the meeting, inspection and exchange themselves. You are responsible for inspecting the item
          before you swap, and for completing any transfer of ownership correctly, including vehicle and vessel
          registration transfers and any stamp duty or fees payable in your state or territory. We strongly encourage
          you to follow our safety guide, and for vehicles to check the registration and search the Personal Property
          Securities Register (PPSR) before you swap.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-10" title="10. Your conduct">
        <LegalP>When using SwapShed, you must not:</LegalP>
        <LegalList>
          <li>mislead or deceive other members, or impersonate anyone;</li>
          <li>ask other members for deposits, advance payments, or bank or card details;</li>
          <li>harass, threaten or abuse anyone, or post discriminatory or offensive content;</li>
          <li>post spam or duplicate listings, or use SwapShed to advertise other businesses;</li>
          <li>collect other members' information, scrape the site, or interfere with its security or operation; or</li>
          <li>break any law, or help anyone else to break these terms.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="terms-11" title="11. Moderation and takedown">
        <LegalP>
          Members can report listings they believe break these terms. We review reports and may, at our discretion and
          without notice, approve, reject or take down any listing, cancel a swap, or restrict, suspend or close an
          account where we reasonably believe these terms or the law have been breached, or to protect members or
          SwapShed. A listing reported by several members may be hidden automatically while we review it.
        </LegalP>
        <LegalP>
          We are not obliged to monitor listings, and the fact that a listing is shown does not mean we have checked or
          endorse it.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-12" title="12. SwapShed is not a party to swaps">
        <LegalP>
          SwapShed provides a platform for members to find each other. SwapShed is not a party to any swap, does not
          own, inspect or hold any item, and does not guarantee the quality, safety, legality, value or title of any
          item, the accuracy of any listing, or that any member will complete a swap. Every swap is an agreement between
          the members involved only.
        </LegalP>
        <LegalP>
          To the extent permitted by law, SwapShed accepts no liability for any swap, for anything that happens when
          members meet, or for any loss arising from an item or from another member's conduct. Any dispute about a swap
          is between the members involved, although you can tell us about it and we may act under section 11.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-13" title="13. Limitation of liability">
        <LegalP>
          To the extent permitted by law, SwapShed's total liability to you for all claims arising out of or in
          connection with SwapShed or these terms is limited to the lesser of the fees you paid to SwapShed in the 12
          months before the claim arose, or AUD 100. SwapShed is not liable for any indirect or consequential loss, or
          for loss of profit, data or opportunity.
        </LegalP>
        <LegalP>
          Where the Australian Consumer Law implies a guarantee that cannot be excluded, our liability for a failure to
          comply with it is limited, where the law allows, to supplying the services again or paying the cost of having
          them supplied again.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-14" title="14. Availability and changes to the service">
        <LegalP>
          We work to keep SwapShed available and secure, but we do not promise that it will be uninterrupted or
          error-free. We may change, suspend or stop any part of SwapShed, including features and fees, and will give
          reasonable notice of changes that materially affect you. A fee change never applies to a swap already
          accepted.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-15" title="15. Account deletion and termination">
        <LegalP>
          You may ask us to delete your account at any time by contacting{" "}
          <LegalLink href={`mailto:${supportEmail}`}>{supportEmail}</LegalLink>. A deleted account is hidden from other
          members straight away and its personal information is kept for 30 days, so that we can resolve any open
          issues, and is then permanently deleted. Records of completed swaps and payments are kept in anonymised form
          where we need them for our accounts or by law.
        </LegalP>
        <LegalP>
          We may suspend or close your account if you breach these terms. Sections 7, 12, 13 and 16 continue to apply
          after your account is closed.
        </LegalP>
      </LegalSection>

      <LegalSection id="terms-16" title="16. Governing law and contact">
        <LegalP>
          These terms are governed by the laws of New South Wales, Australia, and Australian law applies to your use of
          SwapShed. You and SwapShed submit to the non-exclusive jurisdiction of the courts of New South Wales and the
          courts that can hear appeals from them.
        </LegalP>
        <LegalP>
          Questions about these terms? Contact us at{" "}
          <LegalLink href={`mailto:${supportEmail}`}>{supportEmail}</LegalLink>.
        </LegalP>
      </LegalSection>

      <div className="mt-12 flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">© {year} SwapShed Pty Ltd. All rights reserved.</p>
        <p className="text-sm">
          <LegalLink href="/">Return to the home page</LegalLink>
        </p>
      </div>
    </LegalPage>
  );
}
