import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { acquireDataLock } from "./data-lock";

test("a second process on the same data directory is refused with a clear message", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-lock-"));
  const release = acquireDataLock(dir);
  try {
    // This process holds the lock, so a second claim sees a live holder, exactly as a second `npm start` would.
    expect(() => acquireDataLock(dir)).toThrow(
      /Another SwapShed process \(pid \d+\) is already using the data directory/,
    );
  } finally {
    release();
  }
  // Once released, the directory can be opened again.
  const again = acquireDataLock(dir);
  again();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a lock left behind by a crashed process is taken over", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-lock-"));
  // No process has this pid (above the kernel's maximum), like a lock file left by a crash.
  fs.writeFileSync(path.join(dir, "swapshed.lock"), "99999999");
  const release = acquireDataLock(dir);
  expect(fs.readFileSync(path.join(dir, "swapshed.lock"), "utf8").split(" ")[0]).toBe(String(process.pid));
  release();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a lock naming this very pid, left by an earlier process (a restarted container reuses pids), is taken over", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-lock-"));
  fs.writeFileSync(path.join(dir, "swapshed.lock"), String(process.pid));
  const release = acquireDataLock(dir);
  expect(fs.readFileSync(path.join(dir, "swapshed.lock"), "utf8").split(" ")[0]).toBe(String(process.pid));
  release();
  fs.rmSync(dir, { recursive: true, force: true });
});

test.skipIf(!fs.existsSync("/proc/self/stat"))(
  "a lock naming a live pid that has since been reused by another process is taken over",
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-lock-"));
    // The parent is alive, but it did not start at clock tick 1: the crashed holder that had this pid did.
    fs.writeFileSync(path.join(dir, "swapshed.lock"), `${process.ppid} 1`);
    const release = acquireDataLock(dir);
    expect(fs.readFileSync(path.join(dir, "swapshed.lock"), "utf8").split(" ")[0]).toBe(String(process.pid));
    release();
    // Recorded with the start time it really has, the same live process is a holder: refused.
    const parentStart = fs.readFileSync(`/proc/${process.ppid}/stat`, "utf8").split(") ")[1].split(" ")[19];
    fs.writeFileSync(path.join(dir, "swapshed.lock"), `${process.ppid} ${parentStart}`);
    expect(() => acquireDataLock(dir)).toThrow(
      `Another SwapShed process (pid ${process.ppid}) is already using the data directory`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  },
);
