/** Time as the product sees it. Tests pass a controlled clock; production uses the real one. */
export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };
