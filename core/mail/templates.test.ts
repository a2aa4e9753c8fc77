import { describe, expect, test } from "vitest";
import {
  escapeHtml,
  formatSydneyTime,
  paymentNeeded,
  proposalAccepted,
  proposalDeclined,
  proposalExpiringSoon,
  proposalReceived,
  swapHandshake,
} from "./templates";

const appUrl = "https://swapshed.example";
const evil = `<script>alert("x")</script>`;

const all = () => [
  proposalReceived({
    to: "r@example.com",
    receiverName: evil,
    proposerName: evil,
    offeredTitle: evil,
    targetTitle: evil,
    message: evil,
    appUrl,
  }),
  proposalAccepted({ to: "p@example.com", proposerName: evil, receiverName: evil, targetTitle: evil, appUrl }),
  proposalDeclined({
    to: "p@example.com",
    proposerName: evil,
    receiverName: evil,
    offeredTitle: evil,
    targetTitle: evil,
    reason: evil,
    appUrl,
  }),
  proposalExpiringSoon({
    to: "r@example.com",
    name: evil,
    otherName: evil,
    targetTitle: evil,
    expiresAt: new Date(),
    appUrl,
  }),
  paymentNeeded({ to: "r@example.com", name: evil, otherName: evil, appUrl }),
  swapHandshake({
    to: "r@example.com",
    name: evil,
    other: { name: evil, email: evil, phone: evil, location: evil },
    offeredTitle: evil,
    targetTitle: evil,
    appUrl,
  }),
];

describe("mail templates", () => {
  test("escapeHtml escapes every character that matters in HTML text and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  test("a member's name or title can never inject markup into an e-mail", () => {
    for (const mail of all()) {
      expect(mail.html, mail.template).not.toContain("<script>");
      expect(mail.html, mail.template).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      // The text version shows the words as written.
      expect(mail.text, mail.template).toContain(evil);
    }
  });

  test("every mail has a text and an HTML version that link to My Swaps", () => {
    const names = all().map((m) => m.template);
    expect(names).toEqual([
      "proposal_received",
      "proposal_accepted",
      "proposal_declined",
      "proposal_expiring_soon",
      "payment_needed",
      "swap_handshake",
    ]);
    for (const mail of all()) {
      expect(mail.text).toContain(`${appUrl}/my-swaps`);
      expect(mail.html).toContain(`href="${appUrl}/my-swaps"`);
      expect(mail.html).toContain("SwapShed");
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });

  test("a proposal mail tells the receiver who offered what, with their message", () => {
    const mail = proposalReceived({
      to: "sam@example.com",
      receiverName: "Sam",
      proposerName: "Alex",
      offeredTitle: "Road bike",
      targetTitle: "Kayak",
      message: "Keen to swap!\nCan pick up Saturday.",
      appUrl: `${appUrl}/`,
    });
    expect(mail.to).toBe("sam@example.com");
    expect(mail.subject).toBe("New swap offer: Alex wants your Kayak");
    expect(mail.text).toContain("G'day Sam,");
    expect(mail.text).toContain("Alex would like to swap their Road bike for your Kayak.");
    expect(mail.text).toContain("> Keen to swap!\n> Can pick up Saturday.");
    expect(mail.html).toContain("Keen to swap!<br>Can pick up Saturday.");
    // A trailing slash on the app URL does not double up.
    expect(mail.text).toContain(`${appUrl}/my-swaps`);
  });

  test("an accepted proposal says both members pay the $9.99 fee to go ahead", () => {
    const mail = proposalAccepted({
      to: "a@example.com",
      proposerName: "Alex",
      receiverName: "Sam",
      targetTitle: "Kayak",
      appUrl,
    });
    expect(mail.subject).toBe("Sam accepted your swap offer for their Kayak");
    expect(mail.text).toContain("you each pay a one-off $9.99 handshake fee");
    expect(mail.html).toContain("$9.99");
  });

  test("a declined proposal gives the reason when there is one", () => {
    const base = {
      to: "a@example.com",
      proposerName: "Alex",
      receiverName: "Sam",
      offeredTitle: "Road bike",
      targetTitle: "Kayak",
      appUrl,
    };
    expect(proposalDeclined(base).text).toContain("Sam has decided not to swap their Kayak for your Road bike.");
    expect(proposalDeclined({ ...base, reason: "Listing no longer available" }).text).toContain(
      "has been closed: Listing no longer available.",
    );
  });

  test("the expiry reminder gives the time in Sydney", () => {
    // 03:00 UTC is 2 pm in Sydney in summer (AEDT) and 1 pm in winter (AEST).
    expect(formatSydneyTime(new Date("2025-01-03T03:00:00Z"))).toBe("Friday 3 January at 2:00 pm AEDT");
    expect(formatSydneyTime(new Date("2025-07-03T03:00:00Z"))).toBe("Thursday 3 July at 1:00 pm AEST");
    const mail = proposalExpiringSoon({
      to: "s@example.com",
      name: "Sam",
      otherName: "Alex",
      targetTitle: "Kayak",
      expiresAt: new Date("2025-01-03T03:00:00Z"),
      appUrl,
    });
    expect(mail.text).toContain("It expires on Friday 3 January at 2:00 pm AEDT.");
  });

  test("the payment reminder says the other side has paid", () => {
    const mail = paymentNeeded({ to: "s@example.com", name: "Sam", otherName: "Alex", appUrl });
    expect(mail.subject).toBe("Alex has paid: your turn to confirm the swap");
    expect(mail.text).toContain("Alex has paid their $9.99 handshake fee. Your turn!");
  });

  test("the completed swap mail carries the other member's contact details, leaving out what they didn't give", () => {
    const full = swapHandshake({
      to: "s@example.com",
      name: "Sam",
      other: { name: "Alex Citizen", email: "alex@example.com", phone: "0400 000 000", location: "Newtown NSW 2042" },
      offeredTitle: "Road bike",
      targetTitle: "Kayak",
      appUrl,
    });
    expect(full.text).toContain(
      "Name: Alex Citizen\nE-mail: alex@example.com\nPhone: 0400 000 000\nLocation: Newtown NSW 2042",
    );
    expect(full.html).toContain("alex@example.com");
    const partial = swapHandshake({
      to: "s@example.com",
      name: "Sam",
      other: { name: "Alex Citizen", email: "alex@example.com", phone: null },
      offeredTitle: "Road bike",
      targetTitle: "Kayak",
      appUrl,
    });
    expect(partial.text).not.toContain("Phone:");
    expect(partial.text).not.toContain("Location:");
  });
});
