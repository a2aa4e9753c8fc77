import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

type Line = { seq: number; mine: boolean; kind: string; body: string | null };

/**
 * A polite live region that says when the other member's line arrives while the page is open (a screen reader
 * hears it without losing its place). Lines arrive when the page's data is read again: after sending, and when the
 * member comes back to the tab. (Issue 26's live stream will read it again the moment a line is sent.)
 */
export function NewLineAnnouncer({
  threadId,
  lines,
  otherName,
}: {
  threadId: string;
  lines: Line[];
  otherName: string;
}) {
  const [said, setSaid] = useState("");
  const shown = useRef({ threadId, lastSeq: lines.at(-1)?.seq ?? 0 });
  const { revalidate, state } = useRevalidator();

  useEffect(() => {
    const before = shown.current;
    const lastSeq = lines.at(-1)?.seq ?? 0;
    shown.current = { threadId, lastSeq: Math.max(lastSeq, before.threadId === threadId ? before.lastSeq : 0) };
    if (before.threadId !== threadId) return;
    const arrived = lines.filter((line) => line.seq > before.lastSeq && !line.mine && line.kind === "text");
    const latest = arrived.at(-1);
    if (latest) setSaid(`New message from ${otherName}: ${latest.body ?? ""}`);
  }, [threadId, lines, otherName]);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    };
    document.addEventListener("visibilitychange", refresh);
    return () => document.removeEventListener("visibilitychange", refresh);
  }, [revalidate, state]);

  return (
    <p aria-live="polite" className="sr-only">
      {said}
    </p>
  );
}
