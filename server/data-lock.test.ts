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
    expect(() => acquireDataLock(dir)).toThrow(/Another SwapShed process \(pid \d+\) is already using the data directory/);
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
  expect(fs.readFileSync(path.join(dir, "swapshed.lock"), "utf8")).toBe(String(process.pid));
  release();
  fs.rmSync(dir, { recursive: true, force: true });
});
