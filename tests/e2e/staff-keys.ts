// The two-factor keys of staff accounts enrolled during this browser run. On the embedded database the demo seed
// makes the only staff accounts (the staff command cannot run beside the app), and a key is shown once, at
// enrolment: a journey that needs staff after another one enrolled them reads the key from here. All journeys run
// in one worker (playwright.config.ts: workers 1), so this module is shared by every spec file.
const keys = new Map<string, string>();

export function rememberStaffKey(email: string, key: string) {
  keys.set(email, key);
}

export function knownStaffKey(email: string): string | undefined {
  return keys.get(email);
}
