import { useRouteLoaderData } from "react-router";

export type SiteInfo = {
  supportEmail: string;
  investorEmail: string;
  /** The local test checkout is on: no real money moves, and pages that take a fee say so. */
  testPayments: boolean;
};

/** Site-wide configuration the root loader hands to every page (support and investor addresses). */
export function useSite(): SiteInfo {
  const data = useRouteLoaderData("root") as { site: SiteInfo } | undefined;
  return (
    data?.site ?? {
      supportEmail: "support@swapshed.com.au",
      investorEmail: "investors@swapshed.com.au",
      testPayments: false,
    }
  );
}
