// The demo staff accounts' password in the browser journeys on the embedded database. The app gets it through
// DEMO_STAFF_PASSWORD (playwright.config.ts), as an operator may give one; the site never shows it. Without that
// variable each demo staff account gets its own random password, printed once in the server's console (decision 066).
export const E2E_STAFF_PASSWORD = "E2e-Staff-Only-2026";
