import { describe, expect, it } from "vitest";
import { findScamWording, SCAM_WORDING, wordingScore } from "./scam-wording";

/** For each rule: sentences a scammer writes (each must match that rule). */
const SCAMS: Record<string, string[]> = {
  payid_upgrade: [
    "I've paid but PayID says you need to upgrade your PayID account to a business account to receive it",
    "Payid account upgrade needed, send $300 and it comes back with the payment",
    "pay id has asked for a limit upgrade",
  ],
  overpayment: [
    "I overpaid by mistake, please refund the difference",
    "I sent $900 instead of $90, just send back the extra",
    "Sorry I paid you too much",
  ],
  gift_cards: ["Can you pay with iTunes cards?", "I only accept Google Play gift cards", "send 4 x $100 gift cards"],
  release_fee: [
    "There is a small release fee of $50",
    "You must pay a fee to release the funds",
    "insurance fee first",
  ],
  wire_transfer: ["I can pay by Western Union", "please wire the money today", "MoneyGram only"],
  crypto: ["I can pay in bitcoin", "send USDT to my wallet", "here is my crypto wallet address"],
  paypal_friends: ["Pay via PayPal friends and family please", "PayPal friends & family only"],
  courier: [
    "My courier will collect it tomorrow",
    "our shipping company will pick up the item",
    "the courier fee up front please",
  ],
  outside_the_site: ["Let's deal outside the site", "can we talk off the platform", "pay me away from SwapShed"],
  deposit: ["Please send a $50 deposit to hold it", "I need a deposit first", "deposit upfront then I post it"],
  overseas: ["I'm currently overseas for work", "I am deployed with the army", "I’m on an oil rig"],
};

/** Everyday words on a swap site, each of which must match no rule. */
const INNOCENT = [
  "Pay by PayID at pickup if you want to add cash",
  "Comes with a birthday card and a credit card holder",
  "Graphics card GTX 1080, works well",
  "No deposit needed, just swap",
  "Wire brush and a roll of fencing wire",
  "I can post it by courier or you can pick up",
  "Cryptic crossword books, 20 of them",
  "Family friendly caravan, sleeps 4",
  "Friends of mine helped restore this boat",
  "The balance bike is like new",
  "Happy to meet outside the library in Ballarat",
  "Refund policy: none, it is a swap",
  "I'm moving overseas next month so the fridge must go",
  "A release of the 1980 album on vinyl",
  "Dahlia tubers, an apple tree and a lemon tree",
  "Steam cleaner, used twice",
  "Bank statement folder and a money box",
];

describe("the scam wording table", () => {
  it("has tests for every rule", () => {
    expect(Object.keys(SCAMS).sort()).toEqual(SCAM_WORDING.map((rule) => rule.id).sort());
  });

  for (const [id, sentences] of Object.entries(SCAMS)) {
    for (const sentence of sentences) {
      it(`${id}: "${sentence}"`, () => {
        expect(findScamWording(sentence).map((m) => m.rule.id)).toContain(id);
      });
    }
  }

  for (const sentence of INNOCENT) {
    it(`matches nothing in "${sentence}"`, () => {
      expect(findScamWording(sentence)).toEqual([]);
    });
  }

  it("scores the strongest rule, and 5 more for each other rule found with it", () => {
    const matches = findScamWording("Upgrade your PayID, or pay with gift cards");
    expect(matches.map((m) => m.rule.id)).toEqual(["payid_upgrade", "gift_cards"]);
    expect(wordingScore(matches)).toBe(100);
    expect(wordingScore(findScamWording("I need a deposit first"))).toBe(55);
    expect(wordingScore([])).toBe(0);
  });

  it("quotes what it matched", () => {
    expect(findScamWording("PLEASE send the Courier fee FIRST")[0].quote).toBe("courier fee first");
  });
});
