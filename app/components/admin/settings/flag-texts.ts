import type { FeatureFlagKey } from "#db/schema/flags.ts";

/** What each switch is called on the Settings page and what it does, as the code does it (see each flag's readers). */
export const FLAG_TEXTS: Record<FeatureFlagKey, { label: string; description: string }> = {
  enable_swap_payments: {
    label: "Swap payments",
    description:
      "Both parties pay the AUD 9.99 handshake fee to unlock contact details. Off: the fee is waived and accepting a proposal completes the swap.",
  },
  enable_moderation: {
    label: "Moderation",
    description:
      "Members can report listings ('Report listing') and staff review the reports in the Moderation Queue. Off: no reporting, no reviews.",
  },
  enable_auto_takedown: {
    label: "Auto takedown",
    description: "A listing reported by 3 different members is hidden from members until staff review it.",
  },
  enable_rate_limiting: {
    label: "Rate limiting",
    description:
      "Server-side limits on sign-in, sign-up, password resets, members' actions and admin actions (10 per 60 seconds per action). Off: none are counted.",
  },
  enable_ip_allowlist: {
    label: "IP allowlist",
    description:
      "The back office answers only the addresses in ADMIN_IP_ALLOWLIST; everyone else gets 'Access denied'. It cannot be turned on from an address outside the list.",
  },
  enable_signal_holds: {
    label: "Scam signal holds",
    description:
      "A scam signal scoring at or above the hold score holds its listing (pending review) or member (flagged) until staff look. Off: signals only queue for staff.",
  },
};
