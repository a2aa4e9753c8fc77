type PaymentState = {
  status: string;
  iPaid: boolean;
  theyPaid?: boolean;
  feesWaived?: boolean;
  otherParty: { name: string | null };
};

/** The other member's first name for a sentence ("Liam has paid"), or a stand-in when the account is gone. */
export function firstName(name: string | null, start = false) {
  const first = name?.trim().split(/\s+/)[0];
  if (first) return first;
  return start ? "The other member" : "the other member";
}

/** Who has paid the handshake fee so far, in words, on accepted and completed swaps. */
export function whoHasPaid(swap: PaymentState): string | null {
  if (swap.status !== "accepted" && swap.status !== "arranging" && swap.status !== "completed") return null;
  if (swap.feesWaived) return "No handshake fee was due for this swap";
  if (swap.iPaid && swap.theyPaid) return "You have both paid";
  if (swap.iPaid) return `You have paid; waiting for ${firstName(swap.otherParty.name)}`;
  if (swap.theyPaid) return `${firstName(swap.otherParty.name, true)} has paid; your turn`;
  return "Neither of you has paid yet";
}
