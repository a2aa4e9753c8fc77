import type { SignalForStaff } from "#core/trust/find-signals.ts";
import { sydneyDateTime } from "./sydney-format";

/** A scam signal as the back office's pages show it: its dates in Sydney time. */
export function signalForPage(signal: SignalForStaff) {
  return {
    ...signal,
    createdAt: sydneyDateTime(signal.createdAt),
    updatedAt: sydneyDateTime(signal.updatedAt),
    reviewedAt: signal.reviewedAt ? sydneyDateTime(signal.reviewedAt) : null,
  };
}
