// Vitest global setup for the PostgreSQL run: one migrated database made once per run, which each test file's
// database is copied from (CREATE DATABASE ... TEMPLATE) instead of running every migration again per file
// (3.5 s a file on a busy CI machine, for some 80 files). Without TEST_DATABASE_URL (PGlite) it does nothing.
import crypto from "node:crypto";
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { queryServer } from "./pg-server";

export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `swapshed_tpl_${crypto.randomBytes(6).toString("hex")}`;
  await queryServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  // The forked test workers start after this and inherit it (tests/support/test-db.ts reads it).
  process.env.TEST_DATABASE_TEMPLATE = name;
  return async () => {
    await queryServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
}
