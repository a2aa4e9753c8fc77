// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded PGlite in DATA_DIR).
// On the embedded database it needs the data directory to itself: while the app runs, it refuses (the lock).
import { openCliDatabase } from "./open-cli-database";
import { readCliEnv } from "./read-cli-env";

process.env.LOG_LEVEL ??= "silent";
// Opening the database migrates it, exactly as the app does at every start.
const handle = await openCliDatabase(
  readCliEnv(),
  "The app applies pending migrations itself each time it starts: restart it, or stop it and run npm run db:migrate again.",
);
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
