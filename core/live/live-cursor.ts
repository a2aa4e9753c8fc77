/**
 * Where a tab's stream stands, sent as each event's id (`Last-Event-ID` when the browser reconnects): the highest
 * thread line it has been sent (conversation_messages.seq, one sequence for every thread) and the newest notice
 * (created_at in microseconds, then id, the order notices are listed in).
 */
export type LiveCursor = { seq: number; noticeAt: number; noticeId: string };

const CURSOR = /^([0-9]{1,15})\.([0-9]{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/;

export function formatCursor(cursor: LiveCursor): string {
  return `${cursor.seq}.${cursor.noticeAt}.${cursor.noticeId}`;
}

/** A cursor this server wrote, or null for anything else (then the stream starts from now). */
export function parseCursor(id: string | null | undefined): LiveCursor | null {
  const match = id ? CURSOR.exec(id.trim()) : null;
  if (!match) return null;
  const seq = Number(match[1]);
  const noticeAt = Number(match[2]);
  if (!Number.isSafeInteger(seq) || !Number.isSafeInteger(noticeAt)) return null;
  return { seq, noticeAt, noticeId: match[3] ?? "" };
}

/** Whether notice (at, id) comes after the cursor's. */
export function noticeAfter(cursor: LiveCursor, at: number, id: string): boolean {
  return at > cursor.noticeAt || (at === cursor.noticeAt && id > cursor.noticeId);
}
