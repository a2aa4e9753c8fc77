// The property both fuzz suites hold every endpoint to, case by case: no 5xx, no unexpected error logged, no
// polluted prototype, and a refused request changes nothing in the database.
import fc from "fast-check";
import { vi } from "vitest";
import type { Db } from "#db/client.ts";
import { logger } from "#core/shared/logger.ts";
import { changedTables, checkProperty, type Figures, fingerprint, type Outcome, pollutedPrototypes } from "./fuzz";

/** What one fuzzed request came to: how the person would take it, its status and the answer's text. */
export type FuzzAnswer = { outcome: Outcome; status: number; text: string };

type Suite = {
  db: Db;
  world: { resetAttemptCounters: () => Promise<void>; heal: () => Promise<void> };
  figures: Figures;
};

type Options = {
  numRuns: number;
  seed: number;
  /** Tables a refusal may still change (an attempt counted): by default none. */
  changedWhenRefused?: (before: Record<string, string>, after: Record<string, string>) => string[];
  /** A logged error the endpoint's answer already accounts for (answered with a 4xx). */
  expectedLog?: (message: string) => boolean;
  /** The suite's own rule for an answer; throws to fail the case. */
  check?: (answer: FuzzAnswer) => void;
};

/**
 * Sends every case of `arbitrary` through `send` and fails on the first that breaks the property, with its seed.
 * Unexpected errors an endpoint caught and turned into a friendly answer are still logged: any such log fails.
 */
export async function fuzzEndpoint<C>(
  { db, world, figures }: Suite,
  name: string,
  arbitrary: fc.Arbitrary<C>,
  send: (c: C) => Promise<FuzzAnswer>,
  { numRuns, seed, changedWhenRefused = changedTables, expectedLog = () => false, check }: Options,
) {
  const logged: string[] = [];
  const realError = logger.error;
  vi.spyOn(logger, "error").mockImplementation((message, fields) => {
    if (!expectedLog(message)) logged.push(`${message} ${JSON.stringify(fields)}`);
    return realError(message, fields);
  });
  await world.resetAttemptCounters();
  let before = await fingerprint(db);
  await checkProperty(
    name,
    fc.asyncProperty(arbitrary, async (c) => {
      logged.length = 0;
      const answer = await send(c);
      const refused = answer.outcome === "refused";
      const after = await fingerprint(db);
      const changed = refused ? changedWhenRefused(before, after) : [];
      figures.count(name, answer.outcome, changed.length > 0, answer.status);
      const said = `${answer.status} ${answer.text.slice(0, 300)}`;
      if (answer.outcome === "server error") throw new Error(`5xx: ${said}`);
      if (logged.length) throw new Error(`an unexpected error was logged (answered ${said}): ${logged.join("; ")}`);
      if (changed.length) throw new Error(`refused (${said}) but changed: ${changed.join(", ")}`);
      check?.(answer);
      const polluted = pollutedPrototypes();
      if (polluted.length) throw new Error(`polluted: ${polluted.join(", ")}`);
      if (refused) {
        before = after;
      } else {
        await world.heal();
        before = await fingerprint(db);
      }
    }),
    { numRuns, seed },
  );
}
