// EXPLAIN ANALYZE of the SQL the app ran for a page (captured from its own Drizzle instance), replayed under the
// planner settings the app ran it with, and the summaries the report shows: a plan's main line, a page's
// hottest statement, and the home feed's query one keyset step deep.
import type { BenchDatabase, Captured } from "./database";
import { round } from "./log";
import { EXPLAIN_RUNS } from "./options";

export type ExplainedQuery = {
  source: string;
  sql: string;
  params: unknown[];
  executionMs: number;
  executionMsRuns: number[];
  planningMs: number;
  plan: string;
  sharedHit: number;
  sharedRead: number;
  rows: number;
};

export type DbTime = ExplainedQuery & { pageStatements: number; pageTotalMs: number };

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
};

export type Explainer = ReturnType<typeof explainer>;

/** explainPage and explain over the bench database's connection(s). */
export function explainer(db: Pick<BenchDatabase, "raw" | "handle" | "pgliteClient">) {
  const { raw, handle, pgliteClient } = db;
  /**
   * EXPLAIN ANALYZE of each read a page ran, in order. A search sets planner settings for its transaction
   * (`select set_config(..., true)`: a time budget, or bitmap scans only), and its count sets a budget of its own
   * in a savepoint on top of them; each statement is replayed under every setting in force when the app ran it
   * (a later set_config adds to the earlier ones, as it does in PostgreSQL, until the transaction ends), and one the
   * budget cancelled counts as the budget (what the page spent on it). Replaying only the latest set_config once
   * hid the search's `max_parallel_workers_per_gather = 0` from the count, and the bench measured a parallel plan
   * the app never runs.
   */
  async function explainPage(statements: Captured[]): Promise<ExplainedQuery[]> {
    const explained: ExplainedQuery[] = [];
    let settings: Captured[] = [];
    for (const captured of statements) {
      if (/^\s*select set_config\(/i.test(captured.query)) settings = [...settings, captured];
      else if (/^\s*(begin|commit|rollback)\b/i.test(captured.query)) settings = [];
      else if (/^\s*(savepoint|release)\b/i.test(captured.query)) continue;
      // A WITH is a read too where it only selects (the app's CTEs do; a data-changing one would be a bug here).
      else if (/^\s*(select|with)\b/i.test(captured.query) && !/\b(insert|update|delete)\b/i.test(captured.query))
        // EXPLAIN ANALYZE runs the statement: reads only
        explained.push(await explain(captured.query, captured.params, "captured from the app", settings));
    }
    return explained;
  }

  /**
   * Runs `text` after `settings` in one transaction (rolled back), as the app ran it. `timeoutMs` replaces the
   * settings' statement_timeout (the cache warm-up: a run the budget cancels reads only part of what the
   * statement needs, so a cold page would stay cold and every measured run be cancelled too).
   */
  async function rawWithSettings(settings: Captured[], text: string, params: unknown[], timeoutMs?: number) {
    if (settings.length === 0) return raw(text, params);
    if (handle.pool) {
      const client = await handle.pool.connect();
      try {
        await client.query("begin");
        for (const s of settings) await client.query(s.query, s.params as unknown[]);
        if (timeoutMs) await client.query(`set local statement_timeout = ${Math.trunc(timeoutMs)}`);
        return (await client.query(text, params as unknown[])).rows;
      } finally {
        await client.query("rollback").catch(() => {});
        client.release();
      }
    }
    // PGlite: one connection, and it ignores statement_timeout.
    return pgliteClient!.transaction(async (tx) => {
      for (const s of settings) await tx.query(s.query, s.params as unknown[]);
      return (await tx.query<Record<string, unknown>>(text, params as unknown[])).rows;
    });
  }

  /** The statement_timeout in force after `settings` (the latest one that sets it), in ms, if any. */
  function budgetMs(settings: Captured[]): number | null {
    for (const s of [...settings].reverse()) {
      const value = s.params.find((p) => typeof p === "string" && /^\d+ms$/.test(p));
      if (typeof value === "string") return Number.parseInt(value, 10);
    }
    return null;
  }

  function isCancelled(error: unknown) {
    return (error as { code?: string })?.code === "57014";
  }

  async function explain(
    sql: string,
    params: unknown[],
    source: string,
    settings: Captured[] = [],
  ): Promise<ExplainedQuery> {
    const runs: { executionMs: number; planningMs: number; plan: PlanNode; hit: number; read: number; rows: number }[] =
      [];
    for (let i = 0; i <= EXPLAIN_RUNS; i++) {
      let row: Record<string, unknown>;
      try {
        [row] = await rawWithSettings(
          settings,
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
          params,
          i === 0 ? 10_000 : undefined,
        );
      } catch (error) {
        const budget = budgetMs(settings);
        if (!isCancelled(error) || budget === null) throw error;
        // Cancelled by the app's planner budget: the page spent the budget here, then asked again.
        const plan: PlanNode = { "Node Type": `cancelled by statement_timeout after ${budget} ms` };
        if (i > 0) runs.push({ executionMs: budget, planningMs: 0, plan, hit: 0, read: 0, rows: 0 });
        continue;
      }
      const value = Object.values(row)[0];
      const [doc] = (typeof value === "string" ? JSON.parse(value) : value) as {
        Plan: PlanNode;
        "Execution Time": number;
        "Planning Time": number;
      }[];
      if (i === 0) continue; // the first run (up to 10 s, whatever the budget) warms the cache
      runs.push({
        executionMs: doc["Execution Time"],
        planningMs: doc["Planning Time"],
        plan: doc.Plan,
        hit: doc.Plan["Shared Hit Blocks"] ?? 0,
        read: doc.Plan["Shared Read Blocks"] ?? 0,
        rows: doc.Plan["Actual Rows"] ?? 0,
      });
    }
    const sorted = [...runs].sort((a, b) => a.executionMs - b.executionMs);
    const median = sorted[Math.floor(sorted.length / 2)];
    return {
      source,
      sql,
      params,
      executionMs: round(median.executionMs),
      executionMsRuns: runs.map((r) => round(r.executionMs)),
      planningMs: round(median.planningMs),
      plan: summarisePlan(median.plan),
      sharedHit: median.hit,
      sharedRead: median.read,
      rows: median.rows,
    };
  }

  return { explainPage, explain };
}

/** "Limit > Nested Loop > Index Scan listings_feed_idx (12 rows)", depth first, the main line of the plan. */
export function summarisePlan(node: PlanNode): string {
  const parts: string[] = [];
  const walk = (n: PlanNode, depth: number) => {
    if (parts.length >= 12) return;
    const what = n["Index Name"] ? ` ${n["Index Name"]}` : n["Relation Name"] ? ` on ${n["Relation Name"]}` : "";
    const loops = (n["Actual Loops"] ?? 1) > 1 ? ` ×${n["Actual Loops"]}` : "";
    const rows = n["Actual Rows"] === undefined ? "" : ` (${n["Actual Rows"]} rows${loops})`;
    parts.push(`${"  ".repeat(depth)}${n["Node Type"]}${what}${rows}`);
    for (const child of n.Plans ?? []) walk(child, depth + 1);
  };
  walk(node, 0);
  return parts.join("\n");
}

/** The statement that took longest among those reading listings. */
export function hottest(queries: ExplainedQuery[]): DbTime | null {
  const onListings = queries.filter((x) => /\bfrom "listings"/i.test(x.sql));
  const top = [...onListings].sort((a, b) => b.executionMs - a.executionMs)[0];
  if (!top) return null;
  // A page may run several statements one after another: its database time is their sum.
  const pageTotalMs = round(queries.reduce((sum, x) => sum + x.executionMs, 0));
  return { ...top, pageStatements: queries.length, pageTotalMs };
}

/**
 * The home feed query with `("listings"."created_at", "listings"."id") < ($n+1, $n+2)` added to its WHERE:
 * the keyset step to the next page. Hand-made from the captured SQL because the feed query has no cursor
 * parameter to ask it for one.
 */
export function withKeyset(sql: string, paramCount: number): string | null {
  if (
    /"listings"\."created_at"\s*</.test(sql) ||
    /\(\s*"listings"\."created_at",\s*"listings"\."id"\s*\)\s*</.test(sql)
  )
    return null;
  // The outermost WHERE and ORDER BY: skip the correlated subqueries in the select list.
  const topLevel = (keyword: RegExp) => {
    let depth = 0;
    let found = -1;
    for (let i = 0; i < sql.length; i++) {
      const ch = sql[i];
      if (ch === "(") depth++;
      else if (ch === ")") depth--;
      else if (depth === 0 && keyword.test(sql.slice(i, i + 10))) found = i;
    }
    return found;
  };
  const where = topLevel(/^\swhere\s/i);
  const order = topLevel(/^\sorder by\s/i);
  if (where < 0 || order < 0 || order < where) return null;
  const condition = sql.slice(where + 7, order);
  const keyset = `("listings"."created_at", "listings"."id") < ($${paramCount + 1}::timestamptz, $${paramCount + 2}::uuid)`;
  return `${sql.slice(0, where)} where (${condition}) and ${keyset}${sql.slice(order)}`;
}
