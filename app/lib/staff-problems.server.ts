import type { StaffProblem } from "#app/components/admin/swap/problems-card.tsx";
import { PROBLEM_KIND_LABELS, type SwapProblemKind } from "#core/swaps/swap-problem-rules.ts";
import { sydneyDateTime } from "./sydney-format";

/** A reported problem as the card shows it, from its row (a swap's or a circle's): `role` names the reporter's part. */
export function toStaffProblem(
  p: {
    id: string;
    reporterName: string | null;
    kind: SwapProblemKind;
    details: string;
    pictures: string[];
    status: "open" | "resolved";
    resolution: string | null;
    createdAt: Date;
    resolvedAt: Date | null;
  },
  role: string,
): StaffProblem {
  return {
    id: p.id,
    reporterName: p.reporterName ?? "A member",
    role,
    kindLabel: PROBLEM_KIND_LABELS[p.kind],
    details: p.details,
    pictures: p.pictures,
    status: p.status,
    resolution: p.resolution,
    createdAt: sydneyDateTime(p.createdAt),
    resolvedAt: p.resolvedAt ? sydneyDateTime(p.resolvedAt) : null,
  };
}
