// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded PGlite in DATA_DIR).
import { openDatabase } from "./client";
import { migrate } from "./migrate";

const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? "./data" });
await migrate(handle);
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
