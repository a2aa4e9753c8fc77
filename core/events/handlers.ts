import type { Db } from "../../db/client";
import { mailSwapEvent } from "./swap-event-mail";
import { type DomainEvent, SWAP_EVENT_KINDS, type SwapEventKind } from "./event-kinds";

/** What the dispatcher needs to turn an event into its effects. */
export type EffectDeps = { appUrl: string };

/**
 * Each event's effects, recorded in the dispatcher's transaction. A new effect of an existing event (an in-app
 * notice, a live update) is one more line here; a new kind of event is one more entry.
 */
export async function recordEffects(tx: Db, event: DomainEvent, deps: EffectDeps): Promise<void> {
  if (isSwapEvent(event)) {
    await mailSwapEvent(tx, event, deps.appUrl);
    return;
  }
  throw new Error(`no handler for event kind ${(event as { kind: string }).kind}`);
}

function isSwapEvent(event: DomainEvent): event is DomainEvent & { kind: SwapEventKind } {
  return (SWAP_EVENT_KINDS as readonly string[]).includes(event.kind);
}
