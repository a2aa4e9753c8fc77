// How big a bundle may be (issue 29, decision 103): shared by the propose dialog and the server. Browser-safe.

/** Up to 3 of the proposer's listings in one swap. */
export const MAX_OFFERED_LISTINGS = 3;
/** Up to 2 of the receiver's listings asked for in one swap. */
export const MAX_WANTED_LISTINGS = 2;
/** A proposal can be answered with a counter-offer at most this many times. */
export const MAX_COUNTER_ROUNDS = 5;
