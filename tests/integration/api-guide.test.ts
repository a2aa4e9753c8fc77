import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { afterAll, expect, test } from "vitest";
import { makeJpeg } from "../support/images";
import { createTestApp } from "../support/test-app";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

// docs/api.md is run as written: its `bash` blocks, in order, by bash with curl and jq, against the real app on
// a free port. Each curl must exit 0 with the status the guide writes after it (`# 409 …`; 2xx when it writes
// none), and the answer it shows, when it shows one in full, must be the answer given.

const run = promisify(execFile);
const GUIDE = path.join(import.meta.dirname, "../../docs/api.md");
const GUIDE_HOST = "http://localhost:3000";

const handle = await createTestDatabase();
const testApp = createTestApp(handle);
const server = serve({ fetch: testApp.app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-api-guide-"));
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeTestDatabase(handle);
  fs.rmSync(dir, { recursive: true, force: true });
});

type Slot = { command: string; statuses: number[] | null; sample: unknown };

/** The guide's bash blocks, and one slot per curl command: the statuses and answer written after it. */
function readGuide(markdown: string) {
  const blocks = [...markdown.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
  const slots: Slot[] = [];
  for (const block of blocks) {
    const lines = block.split("\n");
    let open: Slot | null = null;
    let continued = false;
    for (const line of lines) {
      const note = line.match(/^#\s+(\d{3}(?:\s+\d{3})*)\b\s*(.*)$/);
      if (note && open && !open.statuses) {
        open.statuses = note[1].split(/\s+/).map(Number);
        const rest = note[2].trim();
        if (rest.startsWith("{") && !rest.includes("…")) open.sample = JSON.parse(rest);
      } else if (!continued && /(^|[\s(|])curl\s/.test(line)) {
        open = { command: line.trim(), statuses: null, sample: undefined };
        slots.push(open);
      }
      continued = line.endsWith("\\");
    }
  }
  return { blocks, slots };
}

/** curl, recording each call's exit code, headers and body (its output is unchanged). */
const PRELUDE = `set -euo pipefail
curl() {
  local headers body rc=0
  headers=$(mktemp "$GUIDE_DIR/headers.XXXXXX")
  body=$(mktemp "$GUIDE_DIR/body.XXXXXX")
  command curl --max-time 30 -D "$headers" "$@" > "$body" || rc=$?
  cat "$body"
  echo "$rc $headers $body" >> "$GUIDE_DIR/calls.log"
  return "$rc"
}
`;

// The guide is written for curl and jq. A machine without them skips this one test with a plain message (as the
// browser tests do without Chromium); under CI=true a missing tool is a failure, and .ci/run installs both.
const missingTools = ["curl", "jq"].filter((tool) => spawnSync("bash", ["-c", `command -v ${tool}`]).status !== 0);
if (missingTools.length && process.env.CI !== "true") {
  console.warn(
    `docs/api.md's commands were not run: ${missingTools.join(" and ")} not installed (apt-get install curl jq).`,
  );
}

test.skipIf(missingTools.length > 0 && process.env.CI !== "true")(
  "every curl command in docs/api.md runs as written and gets the answer the guide says",
  async () => {
    expect(missingTools, "curl and jq are needed to run the guide's commands (apt-get install curl jq)").toEqual([]);
    fs.writeFileSync(path.join(dir, "drill.jpg"), await makeJpeg({ width: 640, height: 480 }));
    fs.writeFileSync(path.join(dir, "mower.jpg"), await makeJpeg({ width: 480, height: 640 }));
    const { blocks, slots } = readGuide(fs.readFileSync(GUIDE, "utf8"));
    expect(slots.length).toBeGreaterThan(15);
    const script = `${PRELUDE}\n${blocks.join("\n").replaceAll(GUIDE_HOST, base)}`;
    fs.writeFileSync(path.join(dir, "guide.sh"), script);

    const result = await run("bash", ["guide.sh"], {
      cwd: dir,
      env: { ...process.env, GUIDE_DIR: dir },
      timeout: 120_000,
    }).then(
      (out) => ({ ...out, code: 0 }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        stdout: error.stdout ?? "",
        stderr: error.stderr ?? "",
      }),
    );
    const transcript = `--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
    expect(result.code, `the guide's commands stopped with an error\n${transcript}`).toBe(0);

    const calls = fs
      .readFileSync(path.join(dir, "calls.log"), "utf8")
      .trim()
      .split("\n")
      .map((line) => {
        const [rc, headers, body] = line.split(" ");
        const statuses = [...fs.readFileSync(headers, "utf8").matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)];
        return { rc: Number(rc), status: Number(statuses.at(-1)?.[1]), body: fs.readFileSync(body, "utf8") };
      });
    // What each call should get, in the order they run: a slot's statuses (a loop's, one per turn), else one 2xx.
    const expected = slots.flatMap((slot) => (slot.statuses ?? [null]).map((status) => ({ slot, status })));
    expect(calls.length, `${calls.length} requests for ${expected.length} expected\n${transcript}`).toBe(
      expected.length,
    );
    for (const [i, call] of calls.entries()) {
      const { slot, status } = expected[i];
      const label = `${slot.command} answered ${call.status}: ${call.body}`;
      expect(call.rc, label).toBe(0);
      if (status === null) expect(call.status >= 200 && call.status < 300, label).toBe(true);
      else expect(call.status, label).toBe(status);
      if (slot.sample !== undefined && call.body) expect(JSON.parse(call.body), label).toEqual(slot.sample);
    }
    console.log(
      `[api-guide] ${slots.length} curl commands in docs/api.md, ${calls.length} requests, every one as the guide says`,
    );
  },
  // The guide's script may take its own 120 s (a hundred requests, on a machine busy with the browser journeys).
  150_000,
);
