/** One piece of contact details found in a message: what kind it is, and where it stands in the text as typed. */
export type ContactDetailMatch = { kind: "phone" | "email" | "url" | "handle"; start: number; end: number };
