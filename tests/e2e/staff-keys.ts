import fs from "node:fs";
import path from "node:path";

// The two-factor keys of staff accounts enrolled during this browser run. On the embedded database the demo makes
// the only staff accounts (the staff command cannot run beside the app), and a key is shown once, at enrolment: a
// journey that needs staff after another one enrolled them reads the key from here. The keys are also written
// beside the run's data directory: after a failed journey Playwright starts a new worker, which would otherwise
// have forgotten them, and every later staff journey would then fail at enrolment.
const keys = new Map<string, string>();
const file = process.env.E2E_DATA_DIR
  ? path.join(process.env.E2E_DATA_DIR, "..", `${path.basename(process.env.E2E_DATA_DIR)}-staff-keys.json`)
  : null;

function load() {
  if (keys.size > 0 || !file || !fs.existsSync(file)) return;
  for (const [email, key] of Object.entries(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>)) {
    keys.set(email, key);
  }
}

export function rememberStaffKey(email: string, key: string) {
  load();
  keys.set(email, key);
  if (file) fs.writeFileSync(file, JSON.stringify(Object.fromEntries(keys)));
}

export function knownStaffKey(email: string): string | undefined {
  load();
  return keys.get(email);
}
