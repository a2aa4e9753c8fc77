import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
type RowDescriptionMessage = Extract<BackendMessage, { name: "rowDescription" }>;

/**
 * Named prepared statements for PGlite, keyed by SQL text: what node-postgres, JDBC or postgres.js do for
 * PostgreSQL. PGlite's own `query` parses, plans and describes every statement anew (six round trips into
 * the WASM module, plus an `lseek` per table for the planner's size estimates); the home page's query spent
 * ~3.5 of its ~5 ms there. Here a statement is parsed and described once, then each call is one
 * Bind + Execute + Sync round trip.
 *
 * Plans stay exactly as good as before: the session runs with `plan_cache_mode = force_custom_plan`, so a
 * statement with parameters is still planned for each call's values (left to choose, PostgreSQL switched
 * the radius search to a generic plan that ignores where the point is: 8.7 s at p99 under load). A
 * statement without parameters (the home page's) has nothing to plan differently, so its one plan is kept.
 *
 * Parameters go through the protocol's Bind exactly as PGlite's `query` sends them (its serializers for
 * the described parameter types), never into the SQL text. Only SELECT/INSERT/UPDATE/DELETE/WITH text is
 * cached; anything else (DDL, SET, COPY with blobs, notice callbacks) takes PGlite's own path.
 */
export const STATEMENT_CACHE_SIZE = 200;

type Statement = {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (absent for statements that return no rows). */
  rowDescription?: RowDescriptionMessage;
};

const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** SQLSTATEs that mean the server no longer has (or no longer accepts) our statement: prepare it again. */
const STALE_STATEMENT = new Set(["26000", "0A000"]);
const isStale = (error: unknown) => STALE_STATEMENT.has((error as { code?: string }).code ?? "");

export async function enableStatementCache(client: PGlite): Promise<void> {
  await client.exec("set plan_cache_mode = force_custom_plan");
  const statements = new Map<string, Statement>(); // in order of last use: the first is evicted first
  const closing: string[] = []; // evicted statements to close on the next round trip
  let counter = 0;
  const originalQuery = client.query.bind(client);
  const originalTransaction = client.transaction.bind(client);

  const cacheable = (text: string, options?: QueryOptions) =>
    CACHEABLE.test(text) && !options?.paramTypes && !options?.blob && !options?.onNotice;

  async function prepare(text: string): Promise<Statement> {
    const name = `swapshed_s${++counter}`;
    const messages = await client.execProtocolStream(
      concat([
        ...closing.splice(0).map((old) => protocol.serialize.close({ type: "S", name: old })),
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const rowDescription = messages.find(
      (message): message is RowDescriptionMessage => message.name === "rowDescription",
    );
    return { name, paramTypes: parse.parseDescribeStatementResults(messages), rowDescription };
  }

  async function statementFor(text: string, params: unknown[], options?: QueryOptions): Promise<Statement> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text); // re-inserted below: most recently used last
    } else {
      statement = await prepare(text).catch((error) => {
        throw Object.assign(error as object, { query: text, params, queryOptions: options });
      });
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
        statements.delete(oldestText);
        closing.push(oldest.name);
      }
    }
    statements.set(text, statement);
    return statement;
  }

  async function execute<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await statementFor(text, params, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i];
      const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    let messages: BackendMessage[];
    try {
      messages = await client.execProtocolStream(
        concat([
          protocol.serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      if (isStale(error)) {
        statements.delete(text);
        closing.push(statement.name);
      }
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, client.parsers, options)[0] as Results<T>;
  }

  client.query = async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (!cacheable(text, options)) return originalQuery<T>(text, params, options);
    await client._checkReady(); // as PGlite's own query: a closed database says so
    // PGlite's own order: wait for any open transaction, then for the statement before this one.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await execute<T>(text, params, options).catch((error) => {
          // A table the statement reads was altered since it was prepared: outside a transaction nothing
          // has happened yet, so prepare it again once (inside one, the transaction is already aborted).
          if (!isStale(error)) throw error;
          return execute<T>(text, params, options);
        });
        await client.syncToFs();
        return result;
      }),
    );
  } as PGlite["query"];

  // Inside a transaction the transaction already holds the connection; its statements take the same path.
  client.transaction = function transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    return originalTransaction((tx) => {
      const cachedTx: Transaction = Object.create(tx);
      cachedTx.query = async function query<R>(text: string, params: unknown[] = [], options?: QueryOptions) {
        if (tx.closed) throw new Error("Transaction is closed");
        if (!cacheable(text, options)) return tx.query<R>(text, params, options);
        return client._runExclusiveQuery(() => execute<R>(text, params, options));
      } as Transaction["query"];
      return callback(cachedTx);
    });
  } as PGlite["transaction"];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
