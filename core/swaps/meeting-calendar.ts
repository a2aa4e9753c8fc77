import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapMeetings, swapProposals } from "#db/schema/swaps.ts";
import { isUuid } from "../shared/ids";
import { offered, onSwap, proposer, receiver, target } from "../shared/swap-columns";

/** A meeting lasts an hour in the calendar (nobody said how long; it is a hand-over). */
const MEETING_MINUTES = 60;

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
export function icsText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** 20261204T040500Z: an instant in UTC, as DTSTART and DTSTAMP want it. */
export function icsTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Lines longer than 75 octets are folded (a CRLF and a space), as RFC 5545 asks. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const n = new TextEncoder().encode(char).length;
    if (size + n > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += n;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** The calendar file of an agreed meeting: one VEVENT, in UTC, its UID the meeting's id (a changed time replaces it). */
export function meetingIcs(m: {
  id: string;
  meetAt: Date;
  place: string;
  summary: string;
  description: string;
  stampedAt: Date;
}): string {
  const end = new Date(m.meetAt.getTime() + MEETING_MINUTES * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//SwapShed//Swap meeting//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${m.id}@swapshed`,
    `DTSTAMP:${icsTime(m.stampedAt)}`,
    `DTSTART:${icsTime(m.meetAt)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(m.summary)}`,
    `LOCATION:${icsText(m.place)}`,
    `DESCRIPTION:${icsText(m.description)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/**
 * The agreed meeting of a swap as a calendar file, for one of its two parties only; null for anyone else, or
 * when no time and place is agreed (the route answers 404 alike, so a stranger learns nothing).
 */
export async function findMeetingCalendar(
  db: Db,
  { swapId, userId, now, appUrl }: { swapId: string; userId: string; now: Date; appUrl: string },
): Promise<string | null> {
  if (!isUuid(swapId)) return null;
  const [row] = await db
    .select({
      id: swapMeetings.id,
      meetAt: swapMeetings.meetAt,
      place: swapMeetings.place,
      proposerId: swapProposals.proposerId,
      proposerName: proposer.name,
      receiverName: receiver.name,
      offeredTitle: offered.title,
      targetTitle: target.title,
    })
    .from(swapMeetings)
    .innerJoin(swapProposals, eq(swapProposals.id, swapMeetings.swapProposalId))
    .innerJoin(proposer, onSwap.proposer)
    .innerJoin(receiver, onSwap.receiver)
    .innerJoin(offered, onSwap.offered)
    .innerJoin(target, onSwap.target)
    .where(
      and(
        eq(swapMeetings.swapProposalId, swapId),
        eq(swapMeetings.status, "agreed"),
        inArray(swapProposals.status, ["arranging", "completed"]),
        or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId)),
      ),
    );
  if (!row) return null;
  const proposing = row.proposerId === userId;
  const other = proposing ? row.receiverName : row.proposerName;
  const mine = proposing ? row.offeredTitle : row.targetTitle;
  const theirs = proposing ? row.targetTitle : row.offeredTitle;
  return meetingIcs({
    id: row.id,
    meetAt: row.meetAt,
    place: row.place,
    stampedAt: now,
    summary: `SwapShed: swap with ${other}`,
    description: `Your ${mine} for ${other}'s ${theirs}. Check the item before you hand yours over, then both confirm "We've swapped" on SwapShed: ${appUrl.replace(/\/+$/, "")}/my-swaps`,
  });
}
