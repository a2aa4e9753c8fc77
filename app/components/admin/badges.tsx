const TONES = {
  green: "bg-brand-50 text-brand-800 ring-brand-200",
  amber: "bg-accent-100 text-amber-900 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  grey: "bg-surface text-muted ring-line",
  blue: "bg-sky-50 text-sky-800 ring-sky-200",
} as const;

export type Tone = keyof typeof TONES;

export function Badge({ tone = "grey", children }: { tone?: Tone; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

const STATUS_TONES: Record<string, Tone> = {
  active: "green",
  approved: "green",
  completed: "green",
  suspended: "red",
  rejected: "red",
  takedown: "red",
  failed: "red",
  cancelled: "red",
  deleted: "grey",
  flagged: "amber",
  pending: "amber",
  reserved: "blue",
  accepted: "blue",
  arranging: "blue",
  swapped: "grey",
  expired: "grey",
  withdrawn: "grey",
  refunded: "grey",
  held: "blue",
  released: "grey",
  // Log events (System Logs).
  success: "green",
  processed: "green",
  received: "blue",
};

/** A status word with its colour (and the word itself, so colour is never the only signal). */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? "grey"}>{status}</Badge>;
}

export function RoleBadge({ name: role }: { name: string | null }) {
  if (!role) return <span className="text-xs text-muted">member</span>;
  return <Badge tone={role === "admin" ? "blue" : "amber"}>{role}</Badge>;
}
