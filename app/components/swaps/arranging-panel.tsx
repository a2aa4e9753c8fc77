import { Form, Link } from "react-router";
import { CalendarDays, Car, CircleCheck, Download, Handshake } from "#app/components/ui/icons.ts";
import { formatDayAndTime, toSydneyLocal } from "#core/shared/time.ts";
import type { ValueRange } from "#core/swaps/fair-value.ts";
import { Button } from "../ui/button";
import { FairValueMeter } from "./fair-value-meter";
import { firstName } from "./who-has-paid";

/** core/swaps/find-arrangement.ts's Arrangement as the page receives it (dates as strings once serialised). */
export type ArrangementData = {
  swapId: string;
  status: "accepted" | "arranging" | "completed";
  otherName: string;
  completesBy: string | Date | null;
  completedAt: string | Date | null;
  completedHow: "confirmed" | "timed_out" | null;
  iSwappedAt: string | Date | null;
  theySwappedAt: string | Date | null;
  meeting: { id: string; meetAt: string | Date; place: string; status: "proposed" | "agreed"; mine: boolean } | null;
  problemOpen: boolean;
  vehicles: { title: string; vehicleId: string | null; mine: boolean }[];
  values: { mine: ValueRange; theirs: ValueRange };
};

export const PPSR_URL = "https://www.ppsr.gov.au/";

/**
 * The end of a swap on its deal screen (decision 096): after the handshake, "Propose a time and place", the other
 * side's "Agree" or "Suggest another", the calendar file once agreed, and each side's "We've swapped". `back` is
 * where each step returns (this page).
 */
export function ArrangingPanel({
  arrangement: a,
  back,
  now,
}: {
  arrangement: ArrangementData;
  back: string;
  now: string;
}) {
  const other = firstName(a.otherName, true);
  return (
    <section
      aria-labelledby={`arrange-${a.swapId}`}
      className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={`arrange-${a.swapId}`} className="flex items-center gap-2 text-lg font-bold">
        <Handshake className="size-5 text-brand-700" aria-hidden="true" />
        {a.status === "completed"
          ? "Swap completed"
          : a.status === "arranging"
            ? "Arranging the swap"
            : "Swap accepted"}
      </h2>
      <FairValueMeter mine={a.values.mine} theirs={a.values.theirs} className="mt-2" />
      {a.status === "arranging" && <ArrangingSteps a={a} other={other} back={back} now={now} />}
      {a.status === "completed" && (
        <p className="mt-2 flex items-start gap-2 text-sm">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            {a.completedHow === "timed_out"
              ? "Completed: a week passed after the handshake with no problem reported."
              : "Completed: you both confirmed you've swapped."}{" "}
            <Link to="/my-swaps" className="font-semibold text-brand-700 underline">
              Leave a review in My Swaps
            </Link>
            .
          </span>
        </p>
      )}
      {a.status === "accepted" && (
        <p className="mt-2 text-sm text-muted">
          Once you've both paid the handshake fee, you can arrange a time and place here.{" "}
          <Link to="/my-swaps" className="font-semibold text-brand-700 underline">
            Go to My Swaps
          </Link>
        </p>
      )}
      {a.status !== "completed" && a.vehicles.length > 0 && <PpsrReminder vehicles={a.vehicles} />}
    </section>
  );
}

function ArrangingSteps({ a, other, back, now }: { a: ArrangementData; other: string; back: string; now: string }) {
  const m = a.meeting;
  return (
    <div className="mt-2 space-y-4 text-sm">
      <p className="text-muted">
        Agree on a time and place, meet somewhere public, and check the item before you hand yours over. When you've
        swapped, each of you confirms it here.
      </p>
      {m ? (
        <div className={`rounded-xl p-4 ${m.status === "agreed" ? "bg-brand-50" : "bg-accent-100/50"}`}>
          <p className="flex items-start gap-2 font-semibold">
            <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 wrap-anywhere">
              {formatDayAndTime(m.meetAt)} at {m.place}
            </span>
          </p>
          {m.status === "agreed" ? (
            <>
              <p className="mt-1">You've both agreed. We'll remind you two hours before.</p>
              <a
                href={`/my-swaps/${a.swapId}/meeting.ics`}
                download
                className="mt-2 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline"
              >
                <Download className="size-4" aria-hidden="true" />
                Add to calendar (.ics)
              </a>
            </>
          ) : m.mine ? (
            <p className="mt-1 text-muted">You proposed this. Waiting for {firstName(a.otherName)} to agree.</p>
          ) : (
            <>
              <p className="mt-1">{other} proposed this time and place.</p>
              <Form method="post" action={`/my-swaps/${a.swapId}/arrange`} className="mt-3">
                <input type="hidden" name="back" value={back} />
                <input type="hidden" name="meetingId" value={m.id} />
                <Button type="submit" name="intent" value="agree" size="sm">
                  Agree
                </Button>
              </Form>
            </>
          )}
        </div>
      ) : null}
      <MeetingForm a={a} back={back} now={now} />
      <SwappedStep a={a} other={other} back={back} />
    </div>
  );
}

/** "Propose a time and place", or "Suggest another" once one is on the table. */
function MeetingForm({ a, back, now }: { a: ArrangementData; back: string; now: string }) {
  const m = a.meeting;
  const label = m ? (m.mine || m.status === "agreed" ? "Change the time and place" : "Suggest another") : null;
  const fields = (
    <Form method="post" action={`/my-swaps/${a.swapId}/arrange`} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="back" value={back} />
      <div>
        <label htmlFor={`meet-at-${a.swapId}`} className="block font-medium">
          Date and time (Sydney time)
        </label>
        <input
          id={`meet-at-${a.swapId}`}
          name="meetAt"
          type="datetime-local"
          required
          min={toSydneyLocal(new Date(now))}
          className="mt-1 block h-11 w-full rounded-lg border border-line bg-white px-3 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
        />
      </div>
      <div>
        <label htmlFor={`place-${a.swapId}`} className="block font-medium">
          Place
        </label>
        <input
          id={`place-${a.swapId}`}
          name="place"
          type="text"
          required
          maxLength={200}
          placeholder="e.g. Bunnings car park, Alexandria"
          className="mt-1 block h-11 w-full rounded-lg border border-line bg-white px-3 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="propose" size="sm" variant={m ? "outline" : "primary"}>
          {m ? "Send this time and place" : "Propose a time and place"}
        </Button>
      </div>
    </Form>
  );
  if (!label)
    return (
      <div>
        <h3 className="mb-2 font-semibold">Propose a time and place</h3>
        {fields}
      </div>
    );
  return (
    <details className="rounded-xl border border-line p-3">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-700">{label}</summary>
      <div className="mt-3">{fields}</div>
    </details>
  );
}

function SwappedStep({ a, other, back }: { a: ArrangementData; other: string; back: string }) {
  return (
    <div className="rounded-xl border border-line p-4">
      <h3 className="font-semibold">Have you swapped?</h3>
      {a.iSwappedAt ? (
        <p className="mt-1">
          You've confirmed. {a.theySwappedAt ? "" : `Waiting for ${firstName(a.otherName)} to confirm too.`}
        </p>
      ) : (
        <>
          <p className="mt-1 text-muted">
            {a.theySwappedAt
              ? `${other} says you've swapped. Confirm it too, and the swap is complete.`
              : "Press this once the items have changed hands. The swap is complete when you both have."}
          </p>
          <Form method="post" action={`/my-swaps/${a.swapId}/arrange`} className="mt-3">
            <input type="hidden" name="back" value={back} />
            <Button type="submit" name="intent" value="swapped" size="sm" variant="accent">
              We've swapped
            </Button>
          </Form>
        </>
      )}
      {a.completesBy && !a.problemOpen && (
        <p className="mt-2 text-xs text-muted">
          If neither of you reports a problem, the swap completes on its own on {formatDayAndTime(a.completesBy)}.
        </p>
      )}
      {a.problemOpen && (
        <p className="mt-2 text-xs text-muted">
          A problem is open on this swap: it stays open until our team resolves it.
        </p>
      )}
    </div>
  );
}

/** For cars, motorbikes and boats: both members are buyers in a swap, so each checks the other's vehicle. */
function PpsrReminder({ vehicles }: { vehicles: ArrangementData["vehicles"] }) {
  return (
    <aside aria-label="PPSR check" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="flex items-start gap-2 font-semibold">
        <Car className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Run a PPSR search on handover day
      </p>
      <p className="mt-1">
        In a swap you're both buyers. On the day you hand over, search the Personal Property Securities Register for the
        vehicle or boat you're getting, to check it isn't under finance, written off or reported stolen:{" "}
        <a
          href="https://www.ppsr.gov.au/"
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand-700 underline"
        >
          ppsr.gov.au
        </a>
        .
      </p>
      <ul className="mt-2 space-y-1">
        {vehicles.map((v) => (
          <li key={`${v.title}-${v.mine}`} className="wrap-anywhere">
            {v.mine ? "Yours" : "Theirs"}: {v.title}
            {v.vehicleId ? (
              <>
                {" "}
                (VIN/HIN <span className="font-mono font-semibold">{v.vehicleId}</span>)
              </>
            ) : (
              <span className="text-muted"> (no VIN/HIN given: ask for it)</span>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
