import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * After a client-side navigation to another page, focus goes to the new page's main heading (or its <main>),
 * as a full page load would put a screen reader and the Tab key at the top of the new content: a keyboard
 * member does not tab through the header again, and is told where they are. Query-only changes (filters,
 * a confirmation step, a tab) and in-page anchors keep focus where the member put it; so does a page that
 * placed focus itself (an error, an autofocused field inside <main>).
 */
export function useFocusOnNavigation() {
  const { pathname, hash } = useLocation();
  const navigation = useNavigation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (navigation.state !== "idle" || shown.current === pathname) return;
    shown.current = pathname;
    const main = document.querySelector<HTMLElement>("main");
    if (!main) return;
    const active = document.activeElement;
    if (active && active !== document.body && main.contains(active)) return;
    // "/#browse" from another page: the section scrolled to, not the top of the page.
    const anchor = hash.length > 1 ? document.getElementById(idOf(hash)) : null;
    const target = anchor ?? main.querySelector<HTMLElement>("h1") ?? main;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname, hash, navigation.state]);
}

/** The element id a "#fragment" names ("" when it is not valid percent-encoding). */
function idOf(hash: string) {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return "";
  }
}
