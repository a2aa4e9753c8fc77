// Debian's Chromium, for the browser tests (playwright.config.ts) and Lighthouse (measure-frontend.mjs):
// one path and one set of flags (docs/STACK.md: no sandbox in containers, nothing that phones home).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
