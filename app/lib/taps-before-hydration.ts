/**
 * Taps that land before React runs the page (decision 064).
 *
 * The framework's JavaScript loads after the first paint (decision 020), so for a moment, a second or more on a
 * slow phone, the page is the server's HTML. Links and forms work natively then. A button that only works with
 * JavaScript (`type="button"`, or a button outside any form) does nothing natively: without help a tap on it in
 * that moment would be lost. The page's first script (EARLY_PAGE_SCRIPT, in <head>, before anything is drawn)
 * remembers such a tap; once React has hydrated, the root clicks that button again, and React runs it.
 *
 * From the moment `hydrateRoot` is called React listens itself: a tap then hydrates the page at once and is
 * handled by it (entry.client.tsx marks that moment), so it is not remembered a second time.
 *
 * The same script also decides, before the first paint, what the server cannot know and the page would otherwise
 * learn only when React runs: whether the browser has passkeys (`<html data-passkeys>`), and that scripts run at
 * all (`<html data-scripts>`: a control that only works with JavaScript, like Share, is drawn from the first
 * paint). A control that appeared only then would push the ones below it away from a finger already on its way
 * (the "dead" Sign Up taps of decision 064), so such controls are in the server's HTML and shown by CSS from the
 * first paint.
 */

type EarlyTapWindow = Window & { __earlyTap?: HTMLButtonElement | null; __reactListens?: boolean };

/**
 * Runs as a classic inline script in <head>. Kept a string (not a function's source) so that the server's HTML
 * and the browser's render of it are the same text.
 */
export const EARLY_PAGE_SCRIPT = `(function () {
  var html = document.documentElement;
  html.setAttribute("data-scripts", "");
  if (typeof window.PublicKeyCredential === "function") html.setAttribute("data-passkeys", "");
  addEventListener("click", function (event) {
    if (window.__reactListens) return;
    var button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && !button.disabled && (button.type === "button" || !button.form)) window.__earlyTap = button;
  }, true);
})();`;

/** Called right after `hydrateRoot`: from now on React receives every tap itself. */
export function markReactListening() {
  (window as EarlyTapWindow).__reactListens = true;
}

/** Called once the page has hydrated: does the tap the page received before React ran, if it is still there. */
export function replayTapBeforeHydration() {
  const w = window as EarlyTapWindow;
  const button = w.__earlyTap;
  w.__earlyTap = null;
  if (button?.isConnected && !button.disabled) button.click();
}
