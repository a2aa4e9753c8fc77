// How long masking the contact details in one 2,000-character message takes (decision 080). The server masks every
// message it shows before both sides have paid, and the message form checks as the member types, so it has to stay
// well under a millisecond or two. Part of `npm run bench` (bench/conversations.ts; its target in bench/targets.ts);
// `npx tsx bench/contact-details.ts` runs it alone. Timed here, never in a test.
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { log, ms, round } from "./log";

const RUNS = 2_000;
const prose =
  "The bike is a 2019 model, 21 gears, serviced last month for $120. Happy to meet at the station on Sat 10am. ";
const messages = {
  "plain prose": prose.repeat(19),
  "with a phone, an e-mail and a handle": `${prose.repeat(6)}Call oh four one two 345 678. ${prose.repeat(6)}sam (at) gmail [dot] com, insta: sam.j ${prose.repeat(6)}`,
  "many numbers": "2019 HiLux, 180,000 km, 2.4L, $12,500 ono, 12/06 10:30, 4.2 m x 3 m, RTX 3080. ".repeat(25),
};

export type ContactRuleTiming = { name: string; characters: number; medianMs: number; p99Ms: number; maxMs: number };

/** Each message masked RUNS times after a warm-up: the median, p99 and slowest, per message. */
export function timeContactRule(): ContactRuleTiming[] {
  const timings: ContactRuleTiming[] = [];
  for (const [name, text] of Object.entries(messages)) {
    for (let i = 0; i < 50; i++) maskContactDetails(text); // warm up the regular expressions and the JIT
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = process.hrtime.bigint();
      maskContactDetails(text);
      times.push(ms(start));
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => round(times[Math.floor(share * (times.length - 1))]);
    const timing = { name, characters: text.length, medianMs: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
    log(
      `contact rule, ${name} (${text.length} characters): median ${timing.medianMs} ms, p99 ${timing.p99Ms} ms, max ${timing.maxMs} ms`,
    );
    timings.push(timing);
  }
  return timings;
}

if (import.meta.url === `file://${process.argv[1]}`) timeContactRule();
