/**
 * Payment-scam wording, one table (decision 098): the patterns Scamwatch describes for online buying and selling
 * (gift cards, "my courier will collect", deposits, the fake "PayID upgrade", overpayment refunds, wire transfers,
 * crypto, paying outside the site, release fees, the seller overseas). SwapShed is barter: money named in a listing
 * or a message before the handshake is itself unusual, so each pattern is a scam's sentence, not a single word.
 * Every row has tests that it matches and that everyday phrases do not (scam-wording.test.ts).
 */
export type WordingRule = {
  id: string;
  /** What staff read: "PayID upgrade". */
  label: string;
  pattern: RegExp;
  score: number;
};

export const SCAM_WORDING: readonly WordingRule[] = [
  {
    id: "payid_upgrade",
    label: "PayID upgrade",
    pattern:
      /\b(?:upgrade (?:your |my |the |to a )?pay ?id|pay ?id (?:account )?(?:upgrade|business account|limit|verification|activation)|pay ?id (?:has|have) (?:asked|requested|charged))/,
    score: 95,
  },
  {
    id: "overpayment",
    label: "overpayment, refund the difference",
    pattern:
      /\b(?:overpa(?:id|y|yment)|paid (?:you )?too much|(?:refund|send back|return|transfer back) (?:me )?the (?:difference|extra|excess|balance))\b/,
    score: 85,
  },
  {
    id: "gift_cards",
    label: "gift cards",
    pattern:
      /\b(?:gift ?cards?|(?:itunes|google play|steam|vanilla|prepaid visa|ebay|amazon|apple|jb hi-?fi|coles|woolworths) (?:gift )?(?:cards?|vouchers?))\b/,
    score: 80,
  },
  {
    id: "release_fee",
    label: "a fee to release, verify or insure",
    pattern:
      /\b(?:(?:release|verification|clearance|insurance|unlock|activation|transfer) fee|pay (?:a |the )?(?:small )?fee (?:to|for|before) (?:release|verify|unlock|insure|activate|clear))/,
    score: 75,
  },
  {
    id: "wire_transfer",
    label: "wire transfer, Western Union, MoneyGram",
    pattern:
      /\b(?:western union|moneygram|money ?gram|wire (?:transfer|the (?:money|funds|payment))|bank wire|swift transfer)\b/,
    score: 70,
  },
  {
    id: "crypto",
    label: "cryptocurrency payment",
    pattern:
      /\b(?:pay|paid|payment|send|transfer|accept)\b[^.!?\n]{0,30}\b(?:bitcoin|crypto(?:currency)?|usdt|tether|ethereum)\b|\b(?:bitcoin|crypto|usdt) (?:wallet|address|payment)\b/,
    score: 70,
  },
  {
    id: "paypal_friends",
    label: "PayPal friends and family",
    pattern: /\bfriends (?:and|&) family\b/,
    score: 65,
  },
  {
    id: "courier",
    label: "their courier will collect",
    pattern:
      /\b(?:my|our|a|the) (?:courier|shipping agent|shipping company|freight company|transport company|removalists?|mover)s? (?:will|can|is going to|to) (?:collect|pick(?: |-)?(?:it )?up|come (?:and|to) (?:get|collect))|\b(?:courier|shipping|delivery) (?:fee|charge)s? (?:first|upfront|up front|before)/,
    score: 60,
  },
  {
    id: "outside_the_site",
    label: "pay or deal outside the site",
    pattern:
      /\b(?:pay|paying|payment|deal|trade|swap|talk|chat|continue)\b[^.!?\n]{0,20}\b(?:outside|off|away from) (?:of )?(?:the |this )?(?:site|platform|swapshed|app|website)\b/,
    score: 60,
  },
  {
    id: "deposit",
    label: "a deposit first",
    pattern:
      /\b(?:pay|send|transfer|need|require|want|ask for|take) (?:me |us )?(?:a |the |an? )?(?:small |holding |refundable |\$?\d+ )?deposit\b|(?<!no )\bdeposit\b[^.!?\n]{0,25}\b(?:first|upfront|up front|to hold|to secure|to reserve|before (?:i|we) (?:send|post|ship|hold))/,
    score: 55,
  },
  {
    id: "overseas",
    label: "the other member is overseas or deployed",
    pattern:
      /\b(?:i am|i'm|im|i’m) (?:currently |now )?(?:overseas|working overseas|deployed|posted overseas|on an oil rig|on a rig|at sea|offshore|out of the country)\b/,
    score: 50,
  },
];

export type WordingMatch = { rule: WordingRule; quote: string };

/** Lower case, one kind of apostrophe and space, so that the table's patterns read plainly. */
export function normaliseWording(text: string): string {
  return text.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, " ");
}

/** Every rule the text matches, each with the words it matched (at most 60 characters), strongest first. */
export function findScamWording(text: string): WordingMatch[] {
  const plain = normaliseWording(text);
  const found: WordingMatch[] = [];
  for (const rule of SCAM_WORDING) {
    const hit = rule.pattern.exec(plain);
    if (hit) found.push({ rule, quote: hit[0].length > 60 ? `${hit[0].slice(0, 57)}...` : hit[0] });
  }
  return found.sort((a, b) => b.rule.score - a.rule.score);
}

/** The signal's score: the strongest pattern, and 5 more for each other pattern found with it. */
export function wordingScore(matches: WordingMatch[]): number {
  if (matches.length === 0) return 0;
  return Math.min(100, matches[0].rule.score + 5 * (matches.length - 1));
}

/** "“upgrade your payid” (PayID upgrade); “gift cards” (gift cards)": what staff read. */
export function describeWording(matches: WordingMatch[]): string {
  return matches.map((m) => `“${m.quote}” (${m.rule.label})`).join("; ");
}
