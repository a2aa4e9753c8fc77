import pg from "pg";

/** One statement on the PostgreSQL server itself (create or drop a database), over a connection of its own. */
export async function queryServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
