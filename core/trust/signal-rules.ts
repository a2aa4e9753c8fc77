/**
 * The thresholds and scores of the scam signals (decision 098), in one place: docs/security.md lists them.
 * A score is 0-100; with enable_signal_holds on, a signal at HOLD_SCORE or above holds its listing (hidden,
 * pending review) or its member (flagged: no swap of theirs goes ahead) until staff look.
 */
export const HOLD_SCORE = 80;

/** same_photo: two pictures are "the same photo" within this many differing bits of their 64-bit dHash. */
export const SAME_PHOTO_MAX_DISTANCE = 3;
/**
 * Score by distance: an identical hash is a re-used photo; a few bits off is a re-encoded or resized copy. Below the
 * hold score either way: honest members reuse a manufacturer's product photo, so the same photo alone never hides a
 * listing; staff see it, and scam wording on the same listing holds it.
 */
export const sameScore = (distance: number) => (distance === 0 ? 75 : 65);

/** contact_before_handshake: this many masked messages in the rolling window raise the signal. */
export const CONTACT_ATTEMPTS = 3;
export const CONTACT_WINDOW_HOURS = 24;
export const contactScore = (attempts: number) => Math.min(75, 45 + (attempts - CONTACT_ATTEMPTS) * 10);

/** far_proposals: an account younger than this ... */
export const NEW_ACCOUNT_DAYS = 7;
/** ... sending at least this many proposals in the window ... */
export const FAR_PROPOSALS = 5;
export const FAR_WINDOW_HOURS = 24;
/** ... to listings spread over more than this (the largest distance between two of them). */
export const FAR_SPAN_KM = 500;
export const farScore = (proposals: number) => Math.min(90, 60 + (proposals - FAR_PROPOSALS) * 5);

/** shared_address: this many accounts made from one address within the window. */
export const SHARED_ADDRESS_ACCOUNTS = 5;
export const SHARED_ADDRESS_WINDOW_HOURS = 24;
/** Never a hold on its own: homes, campuses and mobile carriers put many honest people behind one address. */
export const sharedAddressScore = (accounts: number) => Math.min(70, 45 + (accounts - SHARED_ADDRESS_ACCOUNTS) * 5);

/** weighted_reports: the reporters' weights added up (one weight per reporter) reaching this raise it. */
export const REPORT_WEIGHT_THRESHOLD = 2;
export const reportsScore = (weight: number) => Math.min(95, Math.round(50 + (weight - REPORT_WEIGHT_THRESHOLD) * 15));
