// The listing tests' world: a test database and the app over it, with an uploads directory of its own that the
// test can look into. Both are removed when the file's tests are done.
import fs from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { createTestApp } from "./test-app";
import { createTestDatabase } from "./test-db";

export async function appWithUploads() {
  const handle = await createTestDatabase();
  // Every request comes from 127.0.0.1: a high per-address limit keeps sign-ups out of the limiter's way.
  const testApp = createTestApp(handle, { authAddressLimit: 1000 });
  const uploadsDir = testApp.uploadsDir as string;
  afterAll(async () => {
    await handle.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });
  return { handle, db: handle.db, testApp, app: testApp.app, uploadsDir };
}

/** Every file under a directory (none if it is not there), as storage keys ("/" between parts), sorted. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}
