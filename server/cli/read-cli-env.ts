import { type Env, parseEnv } from "../env";

/**
 * The environment the app reads (`parseEnv`), for a command-line tool: a bad variable is printed as the one message
 * `parseEnv` makes (every bad variable named) and the tool exits 1, never a stack trace.
 */
export function readCliEnv(): Env {
  try {
    return parseEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
