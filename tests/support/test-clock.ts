import type { Clock } from "#core/shared/clock.ts";

export const HOUR = 60 * 60 * 1000;

/** A clock the test moves by hand. */
export type TestClock = Clock & { set: (instant: Date | string) => void; advance: (ms: number) => void };

export function controlledClock(start: Date | string = "2026-11-20T01:00:00.000Z"): TestClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (instant) => {
      now = new Date(instant).getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}
