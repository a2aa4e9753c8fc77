import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enableStatementCache, STATEMENT_CACHE_SIZE } from "#db/pglite-statement-cache.ts";

// The embedded database's statement cache must answer exactly as PGlite's own `query` does: same rows, same
// types, same errors, same transaction behaviour. A plain PGlite is the reference for each case.
describe("PGlite statement cache", () => {
  let cached: PGlite;
  let plain: PGlite;

  const schema = `
    create table items (
      id serial primary key, name text not null unique, price int, at timestamptz not null default '2026-01-02T03:04:05Z',
      tags text[] not null default '{}', data jsonb, photo bytea, ok boolean not null default true
    );
    insert into items (name, price, tags, data, photo) values
      ('kayak', 900, '{boats,"two words"}', '{"a":[1,2]}', '\\x0102'),
      ('drill', null, '{}', null, null),
      ('it''s', 5, '{"quo\\"te"}', '"text"', '\\x');`;

  beforeAll(async () => {
    cached = new PGlite();
    plain = new PGlite();
    await Promise.all([cached.waitReady, plain.waitReady]);
    await enableStatementCache(cached);
    await cached.exec(schema);
    await plain.exec(schema);
  });
  afterAll(async () => {
    await cached.close();
    await plain.close();
  });

  const prepared = async () =>
    Number((await cached.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0].n);

  it("returns the same rows and types as PGlite's own query, in both row modes and with custom parsers", async () => {
    const cases: [string, unknown[]][] = [
      ["select * from items order by id", []],
      ["select * from items where name = $1 or price > $2 order by id", ["it's", 100]],
      ["select * from items where tags && $1 order by id", [["boats", 'quo"te']]],
      [
        "select $1::jsonb as j, $2::bytea as b, $3::timestamptz as t, $4::boolean as f, $5::int as n",
        [{ x: "y" }, new Uint8Array([7, 8]), new Date("2026-05-06T07:08:09Z"), false, null],
      ],
      ["with t as (select name from items where price is null) select * from t", []],
    ];
    const options = [
      undefined,
      { rowMode: "array" as const },
      { rowMode: "array" as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } },
    ];
    for (const [text, params] of cases) {
      for (const option of options) {
        for (let run = 0; run < 3; run++) {
          const got = await cached.query(text, params, option);
          const want = await plain.query(text, params, option);
          expect(got.rows, text).toEqual(want.rows);
          expect(got.fields, text).toEqual(want.fields);
        }
      }
    }
    expect(await prepared()).toBeGreaterThanOrEqual(cases.length);
  });

  it("reports writes like PGlite (affected rows, RETURNING) and errors with their SQLSTATE, then carries on", async () => {
    for (const db of [cached, plain]) {
      const update = await db.query("update items set price = price + $1 where price is not null", [1]);
      expect(update.affectedRows).toBe(2);
      const insert = await db.query<{ id: number }>("insert into items (name) values ($1) returning id", ["canoe"]);
      expect(insert.rows).toHaveLength(1);
    }
    const error = await cached.query("insert into items (name) values ($1)", ["kayak"]).catch((e) => e);
    expect(error.code).toBe("23505");
    expect(error.query).toBe("insert into items (name) values ($1)");
    const bad = await cached.query("select nonsense from items").catch((e) => e);
    expect(bad.code).toBe("42703");
    expect((await cached.query("select count(*)::int as n from items")).rows).toEqual([{ n: 4 }]);
  });

  it("keeps a transaction's statements together: a rollback undoes them, and other queries wait for it", async () => {
    const outside: Promise<unknown>[] = [];
    await cached
      .transaction(async (tx) => {
        await tx.query("insert into items (name) values ($1)", ["raft"]);
        // Queued while the transaction is open: must not see (or be part of) its work.
        outside.push(cached.query("select count(*)::int as n from items where name = $1", ["raft"]));
        expect((await tx.query("select count(*)::int as n from items where name = $1", ["raft"])).rows).toEqual([
          { n: 1 },
        ]);
        await tx.query("insert into items (name) values ($1)", ["kayak"]); // unique violation: aborts
      })
      .catch((e) => expect(e.code).toBe("23505"));
    expect(await Promise.all(outside)).toEqual([expect.objectContaining({ rows: [{ n: 0 }] })]);
    expect((await cached.query("select count(*)::int as n from items where name = $1", ["raft"])).rows).toEqual([
      { n: 0 },
    ]);
  });

  it("prepares a statement again when its table changed shape", async () => {
    const text = "select * from items where id = $1";
    const before = await cached.query<Record<string, unknown>>(text, [1]);
    await cached.exec("alter table items add column colour text default 'red'");
    const after = await cached.query<Record<string, unknown>>(text, [1]);
    expect(Object.keys(before.rows[0])).not.toContain("colour");
    expect(after.rows[0].colour).toBe("red");
  });

  it(`keeps at most ${STATEMENT_CACHE_SIZE} statements, closing the least recently used`, async () => {
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 50; i++)
      await cached.query(`select ${i}::int as n, $1::text as t`, ["x"]);
    expect(await prepared()).toBeLessThanOrEqual(STATEMENT_CACHE_SIZE + 1);
    expect((await cached.query("select 7::int as n, $1::text as t", ["y"])).rows).toEqual([{ n: 7, t: "y" }]);
  });

  it("plans each call of a statement with parameters for its own values, and a statement without any once", async () => {
    const plans = async (text: string, params: unknown[]) => {
      for (let i = 0; i < 8; i++) await cached.query(text, params);
      const [row] = (
        await cached.query<{ generic_plans: number; custom_plans: number }>(
          "select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1",
          [text],
        )
      ).rows;
      return row;
    };
    expect(await plans("select * from items where price > $1", [1])).toEqual({ generic_plans: 0, custom_plans: 8 });
    expect(await plans("select * from items where price > 1", [])).toEqual({ generic_plans: 8, custom_plans: 0 });
  });

  it("refuses queries once the database is closed, as PGlite does", async () => {
    const db = new PGlite();
    await enableStatementCache(db);
    await db.close();
    await expect(db.query("select 1 as n")).rejects.toThrow(/closed/i);
  });

  it("leaves statements it does not cache (DDL, SET) to PGlite", async () => {
    await cached.query("set application_name = 'swapshed'");
    expect((await cached.query("show application_name")).rows).toEqual([{ application_name: "swapshed" }]);
  });
});
