import type { MetaFunction } from "react-router";
import { LegalLink, LegalList, LegalP, LegalPage, LegalSection } from "#app/components/layout/legal-page.tsx";
import { useSite } from "#app/lib/use-site.ts";

export const meta: MetaFunction = () => [
  { title: "Cookie Policy | SwapShed" },
  {
    name: "description",
    content: "Which cookies SwapShed sets, what they are for and how long they last.",
  },
];

const COOKIES = [
  {
    cookie: "Sign-in and session",
    purpose:
      "Keeps you signed in as you move around SwapShed and protects your account and forms against misuse. Strictly necessary.",
    duration: "30 days",
  },
  {
    cookie: "Preferences",
    purpose: "Remembers choices you make, such as your location, so we can show distances to listings.",
    duration: "1 year",
  },
  {
    cookie: "Back-office layout (staff only)",
    purpose: "Remembers whether the back-office sidebar is open or collapsed. Only set for SwapShed staff.",
    duration: "7 days",
  },
  {
    cookie: "Analytics",
    purpose:
      "SwapShed currently sets no analytics cookies. If we introduce them to understand how the site is used, they will expire after 2 years.",
    duration: "2 years",
  },
] as const;

export default function Cookies() {
  const { supportEmail } = useSite();

  return (
    <LegalPage title="Cookie Policy" updated="21 November 2026">
      <LegalP className="mt-8">
        Cookies are small text files a website stores in your browser. This policy explains which cookies SwapShed uses
        and why. It should be read with our <LegalLink href="/privacy">Privacy Policy</LegalLink>.
      </LegalP>

      <LegalSection id="cookies-list" title="The cookies we use">
        <div className="overflow-hidden rounded-xl border border-line">
          <table className="w-full border-collapse text-left text-sm leading-6">
            <caption className="sr-only">Cookies set by SwapShed, their purpose and how long they last</caption>
            <thead className="bg-surface">
              <tr>
                <th scope="col" className="px-3 py-3 font-semibold text-ink">
                  Cookie
                </th>
                <th scope="col" className="px-3 py-3 font-semibold text-ink">
                  Purpose
                </th>
                <th scope="col" className="px-3 py-3 font-semibold text-ink">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {COOKIES.map((row) => (
                <tr key={row.cookie} className="align-top">
                  <th scope="row" className="px-3 py-4 font-semibold text-ink">
                    {row.cookie}
                  </th>
                  <td className="px-3 py-4 text-ink">{row.purpose}</td>
                  <td className="whitespace-nowrap px-3 py-4 text-ink">{row.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <LegalP>
          Durations are the longest a cookie lasts. Signing out removes your session cookie straight away.
        </LegalP>
      </LegalSection>

      <LegalSection id="cookies-third-party" title="Cookies set by others">
        <LegalP>
          When you pay a handshake fee, you may be taken to our payment provider's checkout. The provider may set its
          own cookies there, for example to prevent fraud, under its own cookie and privacy policies.
        </LegalP>
      </LegalSection>

      <LegalSection id="cookies-control" title="Managing cookies">
        <LegalList>
          <li>You can see and delete cookies in your browser's settings, and block them for any site.</li>
          <li>
            If you block the sign-in and session cookies, you will not be able to sign in, list items or propose swaps.
          </li>
          <li>If you block preference cookies, SwapShed still works but may not remember your choices.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="cookies-contact" title="Contact us">
        <LegalP>
          Questions about cookies? E-mail <LegalLink href={`mailto:${supportEmail}`}>{supportEmail}</LegalLink>.
        </LegalP>
      </LegalSection>
    </LegalPage>
  );
}
