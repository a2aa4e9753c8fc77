// The names of the tests that failed (and of the journeys that passed only on their retry), read from the JSON
// reports, for the last lines `npm test` prints: CI keeps only the tail of a run's output, and a failure's name and
// first error line must be in it.

const firstLine = (text) =>
  String(text ?? "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.slice(0, 240) ?? "";

/** Vitest's JSON report: one line per failed test, with its file and the first line of its error. */
export function vitestFailures(report, root) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = file.name?.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed) lines.push(`${name} › ${t.fullName}\n      ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed before any test ran (an import error, a hook) has no failed test of its own.
    if (failed.length === 0 && file.status === "failed") lines.push(`${name}\n      ${firstLine(file.message)}`);
  }
  return lines;
}

/** Playwright's JSON report: failed journeys and, apart from them, the ones that passed only when retried. */
export function playwrightOutcomes(report) {
  const failed = [];
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const where = `${spec.file}:${spec.line} › ${spec.title}`;
        const error = test.results?.find((r) => r.error)?.error?.message;
        if (test.status === "unexpected") failed.push(`${where}\n      ${firstLine(error)}`);
        else if (test.status === "flaky") flaky.push(`${where}\n      first try: ${firstLine(error)}`);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  // Errors outside any test (the web server did not start, a global setup threw).
  for (const e of report.errors ?? []) failed.push(`(outside any test)\n      ${firstLine(e.message)}`);
  return { failed, flaky };
}
