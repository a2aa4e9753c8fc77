import type { MetaFunction } from "react-router";
import { LegalH3, LegalLink, LegalList, LegalP, LegalPage, LegalSection } from "#app/components/layout/legal-page.tsx";
import { useSite } from "#app/lib/use-site.ts";

export const meta: MetaFunction = () => [
  { title: "Privacy Policy | SwapShed" },
  {
    name: "description",
    content:
      "How SwapShed collects, uses, shares and protects your personal information under the Australian Privacy Principles, and how to access or delete it.",
  },
];

export default function Privacy() {
  const { supportEmail } = useSite();
  const mail = <LegalLink href={`mailto:${supportEmail}`}>{supportEmail}</LegalLink>;

  return (
    <LegalPage title="Privacy Policy" updated="21 November 2026">
      <LegalP className="mt-8">
        SwapShed Pty Ltd ("SwapShed", "we", "us") respects your privacy. This policy explains how we handle personal
        information in line with the Privacy Act 1988 (Cth) and the Australian Privacy Principles (APPs).
      </LegalP>

      <LegalSection id="privacy-collect" title="What we collect">
        <LegalH3>Information you give us</LegalH3>
        <LegalList>
          <li>your name and e-mail address, and a password (which we store only in hashed form);</li>
          <li>your phone number, if you choose to add one;</li>
          <li>your suburb and postcode, which we use to show locations and distances;</li>
          <li>
            your listings: titles, descriptions, categories, condition, value ranges, location and photos (we remove
            hidden location data, such as GPS coordinates, from photos when you upload them);
          </li>
          <li>swap proposals and the messages you send with them, reviews you leave, and reports you make; and</li>
          <li>messages you send to our support team.</li>
        </LegalList>
        <LegalH3>Payment records</LegalH3>
        <LegalP>
          When you pay a handshake fee, we keep a record of the payment: the swap it relates to, the amount, its status,
          the date and our payment provider's reference. Your card details are entered on and handled by our payment
          provider, not by SwapShed; we never see or store your full card number.
        </LegalP>
        <LegalH3>Information collected automatically</LegalH3>
        <LegalP>
          We log security events, such as sign-in attempts, sign-ups, password resets and rate-limit blocks, together
          with the IP address and browser details they came from. We also use cookies, as described in our{" "}
          <LegalLink href="/cookies">Cookie Policy</LegalLink>.
        </LegalP>
      </LegalSection>

      <LegalSection id="privacy-use" title="How we use your information">
        <LegalList>
          <li>to create and run your account and show your listings;</li>
          <li>to deliver swap proposals, process handshake fees and share contact details once both parties pay;</li>
          <li>to show locations and distances between members and items;</li>
          <li>to keep SwapShed safe: preventing fraud and abuse, enforcing our terms and moderating listings;</li>
          <li>to send you service messages, such as e-mail verification, password resets and swap updates; and</li>
          <li>to meet our legal obligations and resolve disputes.</li>
        </LegalList>
        <LegalP>We do not sell your personal information.</LegalP>
      </LegalSection>

      <LegalSection id="privacy-members" title="What other members see">
        <LegalP>
          Your listings are public. They show your name, your rating, whether your e-mail address is verified, and the
          item's suburb and distance from the viewer.
        </LegalP>
        <LegalP>
          Your contact details are shared with your swap partner only after both of you have paid the handshake fee for
          an accepted swap. At that point your swap partner can see your full name, e-mail address, phone number and
          location, where you have given them. We never show your contact details to anyone else.
        </LegalP>
      </LegalSection>

      <LegalSection id="privacy-share" title="Who else we share it with">
        <LegalP>We share personal information only as needed to run SwapShed:</LegalP>
        <LegalList>
          <li>with our payment provider, to process handshake fees and refunds;</li>
          <li>with service providers who host our systems and send our e-mails, under confidentiality obligations;</li>
          <li>with police, regulators or others when the law requires or permits it; and</li>
          <li>with a buyer of our business, if SwapShed is ever sold, under this policy.</li>
        </LegalList>
        <LegalP>
          Some of these providers, including our payment provider, may store or process information outside Australia.
          Where they do, we take reasonable steps to make sure they handle it consistently with the APPs.
        </LegalP>
      </LegalSection>

      <LegalSection id="privacy-security" title="How we protect it">
        <LegalP>
          We protect personal information with measures including encrypted connections, hashed passwords, access
          controls and two-factor authentication for staff, and logging of security events (including IP addresses) so
          that we can detect and respond to misuse. Only staff who need access to do their jobs can see your
          information, and every administrative action is recorded in an audit log.
        </LegalP>
      </LegalSection>

      <LegalSection id="privacy-retention" title="How long we keep it and deleting your account">
        <LegalP>
          We keep your information while your account is open. If you delete your account, or ask us to, it is hidden
          from other members straight away, and your personal data is deleted within 30 days. Records of completed swaps
          and payments are kept in anonymised form where we need them for our accounts or by law.
        </LegalP>
      </LegalSection>

      <LegalSection id="privacy-access" title="Access and correction">
        <LegalP>
          You can ask for a copy of the personal information we hold about you, or ask us to correct it, by e-mailing{" "}
          {mail}. We will respond within 30 days. We may need to confirm your identity first.
        </LegalP>
      </LegalSection>

      <LegalSection id="privacy-complaints" title="Complaints">
        <LegalP>
          If you have a concern about how we have handled your personal information, please contact us first at {mail}{" "}
          and we will try to resolve it. If you are not satisfied with our response, you can complain to the Office of
          the Australian Information Commissioner (OAIC) at{" "}
          <LegalLink href="https://www.oaic.gov.au">www.oaic.gov.au</LegalLink>.
        </LegalP>
      </LegalSection>

      <LegalSection id="privacy-contact" title="Contact us">
        <LegalP>Questions about this policy or your information? E-mail us at {mail}.</LegalP>
      </LegalSection>
    </LegalPage>
  );
}
