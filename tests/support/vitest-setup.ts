import { afterEach, beforeEach, vi } from "vitest";
import { setSigningSecret } from "#core/shared/signed-token.ts";

// Noise is a bug: a console.error during a test fails that test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});

// Notice e-mails carry signed unsubscribe links; the app and the background work set the secret at boot.
setSigningSecret("test-secret-0123456789-0123456789-0123456789");
