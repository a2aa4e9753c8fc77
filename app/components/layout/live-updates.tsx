import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useRevalidator } from "react-router";
import { type LiveCounts, setLiveCounts } from "#app/lib/live-counts.ts";

type LineEvent = { thread: string };
type NoticeEvent = { id: string; text: string; href: string };

/**
 * A signed-in tab's live updates (decision 084): one EventSource on /live, closed when the page is hidden away
 * (pagehide) and opened again, from where it was, if the page comes back from the back/forward cache. The header's
 * counts (the bell, the tab title's "(3) ", Messages) take the stream's figures at once; the page that shows what
 * changed (the thread, the inbox, the notifications) reads its data again, so new lines are drawn, masked and
 * announced by the page's own code (and "Seen" moves). Without JavaScript none of this runs and every page still
 * answers as it did.
 */
export function LiveUpdates({ root }: { root: unknown }) {
  const { revalidate } = useRevalidator();
  const location = useLocation();
  // A form being sent (or a page loading) reads the page's data again anyway: a revalidation beside it would read the
  // root's one-time flash first and the toast of the form's answer would be lost (decision 096: the swap's steps
  // write a line to the acting member's own thread before their answer comes back).
  const busy = useNavigation().state !== "idle";
  const [said, setSaid] = useState("");
  // The latest of each, for the handlers of the one long-lived stream.
  const latest = useRef({ root, path: location.pathname, revalidate, busy });
  latest.current = { root, path: location.pathname, revalidate, busy };

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let lastId = "";
    let pending = false;
    /** One revalidation at a time: a burst of events becomes one read of the page's data. */
    const refresh = () => {
      if (pending || latest.current.busy) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        void latest.current.revalidate();
      });
    };
    const onPage = (test: (path: string) => boolean) => test(latest.current.path);
    const open = () => {
      source?.close();
      source = new EventSource(lastId ? `/live?last=${encodeURIComponent(lastId)}` : "/live");
      const remember = (event: MessageEvent) => {
        if (event.lastEventId) lastId = event.lastEventId;
      };
      source.addEventListener("ready", remember);
      source.addEventListener("counts", (event) => {
        setLiveCounts(JSON.parse(event.data) as LiveCounts, latest.current.root);
      });
      source.addEventListener("line", (event) => {
        remember(event);
        const { thread } = JSON.parse(event.data) as LineEvent;
        if (onPage((path) => path === "/messages" || path === `/messages/${thread}`)) refresh();
      });
      source.addEventListener("seen", (event) => {
        const { thread } = JSON.parse(event.data) as LineEvent;
        if (onPage((path) => path === `/messages/${thread}`)) refresh();
      });
      source.addEventListener("notice", (event) => {
        remember(event);
        const notice = JSON.parse(event.data) as NoticeEvent;
        if (onPage((path) => path === "/notifications")) refresh();
        // A thread page announces its own new lines; anything else is said once, politely.
        else if (!onPage((path) => path === notice.href)) setSaid(`New notification: ${notice.text}`);
      });
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) open();
    };
    open();
    window.addEventListener("pagehide", close);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", close);
      window.removeEventListener("pageshow", onPageShow);
      close();
    };
  }, []);

  return (
    <p aria-live="polite" className="sr-only" data-live-updates="">
      {said}
    </p>
  );
}
