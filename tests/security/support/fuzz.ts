// What the fuzzing suites share: hostile values, inputs derived from the zod schemas the handlers use, the
// database's fingerprint (to prove a refused request changed nothing), the prototype check and the figures.
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type FieldSpec, firstBroken } from "#core/shared/field-rules.ts";
import { EMAIL, FULL_NAME, PASSWORD } from "#core/auth/credential-rules.ts";
import type { Db } from "#db/client.ts";
import { makeJpeg } from "#tests/support/images.ts";

/** One seed for every run (FUZZ_SEED overrides it to explore, or to replay a failure CI printed). */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_151_015;

/** Runs per endpoint: FUZZ_RUNS scales them all (e.g. 10 for a long local exploration); CI uses the defaults. */
export const runsFor = (base: number) => Math.max(1, Math.round(base * (Number(process.env.FUZZ_RUNS_SCALE) || 1)));

/** A distinct, reproducible seed per endpoint: the suite's seed plus the endpoint's position. */
export const seedFor = (index: number) => FUZZ_SEED + index;

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

/** Keys that pollute a prototype when an object is merged or assigned naively. */
export const PROTO_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** Keys every plain object answers to without having them. */
export const INHERITED_KEYS = [
  "constructor",
  "__proto__",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
] as const;

/** Strings every text field should survive: empties, numbers and keywords as text, injections, tricky Unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\r\n ",
  "\u0000",
  "a\u0000b",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "-0",
  "1e309",
  "0x1F",
  "１２３", // full-width digits
  "١٢٣", // Arabic-Indic digits
  "true",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "' OR '1'='1' --",
  "'); DROP TABLE users; --",
  "\\",
  '"',
  "%",
  "_%",
  "%00",
  "../../../../etc/passwd",
  "file:///etc/passwd",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "{{constructor.constructor('return process')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text on purpose
  "${7*7}",
  "\u202Eevil\u202C", // right-to-left override
  "\u200B\u200C\u200D\u2060\uFEFF", // zero-width
  "\u200F\u061C\u200E", // direction marks
  "𝕊𝕨𝕒𝕡𝕊𝕙𝕖𝕕 🧰🔧", // astral plane
  "👨‍👩‍👧‍👦🏳️‍🌈",
  "e\u0301".repeat(60), // combining marks
  "Z̴̡̢̗͔̤͐̇̊a̷̡̺̖͍̎̓l̸̨̗͍̤͌g̵͈̭̗̹̿o",
  "\uD800", // lone high surrogate
  "\uDC00", // lone low surrogate
  "x\uD83Dy",
  "\uFFFE\uFFFF",
  "\u0085\u2028\u2029",
  "İıſK",
  "ﷺ",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "a@b",
  "kylie@example.com.au\u0000",
  " KYLIE@EXAMPLE.COM.AU ",
  `${"a".repeat(250)}@example.com.au`,
];

const LONG_UNITS = ["a", "é", "🧰", "\u200B", " ", "<", "%", "\u202E", "9"];

/** 10,000 to 30,000 repetitions of one unit (a few are over the 64 KB body limit once encoded: refused early). */
export const hugeString = fc
  .tuple(fc.constantFrom(...LONG_UNITS), fc.integer({ min: 10_000, max: 30_000 }))
  .map(([unit, n]) => unit.repeat(n));

/** Text at the lengths the product's limits sit on (1..3, 8, 72, 100, 255, 1000, 2000 and one past each). */
const BOUNDARY_LENGTHS = [1, 2, 3, 7, 8, 9, 10, 72, 73, 99, 100, 101, 255, 256, 999, 1000, 1001, 2000, 2001];
export const boundaryString = fc
  .tuple(fc.constantFrom(...BOUNDARY_LENGTHS), fc.constantFrom("a", "A1a", "é", "🧰", " "))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** Any text: the list above, boundary lengths, huge, or random strings of any code point (lone surrogates too). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: boundaryString },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
);

/** The id in a request's path: mostly one of the world's own (`ids`), sometimes any UUID or a hostile string. */
export function pathId(ids: string[] | undefined): fc.Arbitrary<string> {
  if (!ids) return fc.constant("");
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: hostileString.filter((s) => s.length < 400) },
  );
}

/** A value JSON carries that breaks naive coercion: String() and Number() of it throw. */
export const POISONED_OBJECT = { toString: 1, valueOf: 1 } as const;

/** Raw JSON text spliced into a body as it is (a nesting deeper than any handler should recurse). */
export type RawJson = { rawJson: string };
const isRawJson = (value: unknown): value is RawJson =>
  typeof value === "object" && value !== null && "rawJson" in value;

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, -0, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 5e-324, 10 ** 21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Objects whose keys are the attack: prototype keys, coercion hooks, odd names. */
const hostileObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({}),
  { weight: 2, arbitrary: fc.constant(POISONED_OBJECT) },
  fc
    .constantFrom(...PROTO_KEYS)
    .map((key) => ({ rawJson: `{${JSON.stringify(key)}:{"polluted":"yes","prototype":{"polluted":"yes"}}}` })),
  fc.dictionary(
    fc.oneof(fc.constantFrom(...PROTO_KEYS, "toString", "valueOf", "then", "length"), hostileString),
    fc.oneof(hostileString, hostileNumber),
    { maxKeys: 4 },
  ),
);

/** Any JSON value a client could send where one field goes: wrong types, arrays for scalars, nesting, nulls. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber, fc.constant(null)), { maxLength: 4 }) },
  { weight: 2, arbitrary: hostileObject },
  {
    weight: 1,
    arbitrary: fc.constantFrom(2_000, 20_000).map((depth) => ({ rawJson: `${"[".repeat(depth)}${"]".repeat(depth)}` })),
  },
);

// ---------------------------------------------------------------------------------------------------------------
// Files, as a multipart form carries them

/** A file part: bytes with the name and type a client declares. */
export class FilePart {
  constructor(
    readonly bytes: Uint8Array,
    readonly name: string,
    readonly type: string,
  ) {}

  toFile() {
    return new File([this.bytes as Uint8Array<ArrayBuffer>], this.name, { type: this.type });
  }
}

const text = (s: string) => new TextEncoder().encode(s);
const jpeg = new Uint8Array(await makeJpeg({ width: 64, height: 48 }));

/** Files no picture field should take: markup under picture names, a cut-off JPEG, nothing, random bytes. */
export const badFile: fc.Arbitrary<FilePart> = fc.oneof(
  fc.constant(new FilePart(text("<html><script>alert(1)</script></html>"), "photo.jpg", "image/jpeg")),
  fc.constant(
    new FilePart(text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "photo.png", "image/png"),
  ),
  fc.constant(new FilePart(jpeg.slice(0, 200), "truncated.jpg", "image/jpeg")),
  fc.constant(new FilePart(new Uint8Array(0), "empty.jpg", "image/jpeg")),
  fc
    .tuple(
      fc.uint8Array({ maxLength: 3000 }),
      hostileString.filter((s) => s.length < 300),
      fc.constantFrom("image/jpeg", "text/html", "application/octet-stream", "", "image/svg+xml"),
    )
    .map(([bytes, name, type]) => new FilePart(bytes, name, type)),
);
/** A real (small) JPEG. */
export const goodFile = fc.constant(new FilePart(jpeg, "drill.jpg", "image/jpeg"));

// ---------------------------------------------------------------------------------------------------------------
// Inputs from the zod schemas

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
};

/** One field as the schema sees it: values it accepts, and values just outside (or well outside) its rules. */
export type FieldArbs = { valid: fc.Arbitrary<unknown>; invalid: fc.Arbitrary<unknown> };

function validOf(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map(validOf));
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  switch (s.type) {
    case "string": {
      const minLength = s.minLength ?? 0;
      const maxLength = Math.min(s.maxLength ?? 60, minLength + 120);
      return fc.oneof(
        fc.string({ minLength, maxLength, unit: "grapheme-ascii" }),
        fc.string({ minLength, maxLength, unit: "grapheme" }),
      );
    }
    case "integer":
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return hostileString;
  }
}

function invalidOf(s: JsonSchema): fc.Arbitrary<unknown> {
  const near: fc.Arbitrary<unknown>[] = [];
  const types = new Set([s.type, ...(s.anyOf ?? []).map((a) => a.type)]);
  const strings = [s, ...(s.anyOf ?? [])].filter((a) => a.type === "string");
  for (const a of strings) {
    if (a.enum) {
      const values = a.enum.map(String);
      near.push(
        fc
          .constantFrom(...values)
          .chain((v) => fc.constantFrom(v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}\u200B`, v.slice(1), `${v}s`)),
      );
    }
    if (a.minLength) {
      const min = a.minLength;
      near.push(fc.constant("a".repeat(min - 1)), fc.constant(" ".repeat(min + 2)), fc.constant("\u200B".repeat(min)));
    }
    if (a.maxLength !== undefined) {
      const max = a.maxLength;
      near.push(
        fc.constant("a".repeat(max + 1)),
        fc.constant("🧰".repeat(max + 1)),
        fc.constant(`${"é".repeat(max)}x`),
      );
    }
  }
  const numbers = [s, ...(s.anyOf ?? [])].filter((a) => a.type === "integer" || a.type === "number");
  for (const a of numbers) {
    if (a.minimum !== undefined) near.push(fc.constantFrom(a.minimum - 1, -Math.abs(a.minimum) - 1e9));
    if (a.maximum !== undefined) near.push(fc.constantFrom(a.maximum + 1, a.maximum * 1000 + 1));
    if (a.type === "integer")
      near.push(
        fc.constantFrom(1.5, 0.1 + 0.2, "1.5", "1e3", " 7 ", "0x10", "Infinity", "NaN", "", "9".repeat(400), "-0"),
      );
  }
  // The wrong type altogether.
  const wrong: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
    fc.constant(POISONED_OBJECT),
    fc.constant(POISONED_OBJECT),
  ];
  if (!types.has("string")) wrong.push(hostileString);
  if (!types.has("integer") && !types.has("number")) wrong.push(hostileNumber);
  if (!types.has("boolean")) wrong.push(fc.boolean());
  wrong.push(validOf(s).map((v) => [v, v]));
  return near.length
    ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...near) }, { weight: 2, arbitrary: fc.oneof(...wrong) })
    : fc.oneof(...wrong);
}

/**
 * The fields of an object schema (zod's own JSON Schema of its input), each with valid values and values that
 * break one of its rules: lengths one past a limit, enum look-alikes, numbers out of range or not whole, and
 * the wrong type. Refinements zod cannot describe are left to the hostile values.
 */
export function schemaFields(schema: z.ZodType): Record<string, FieldArbs> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const fields: Record<string, FieldArbs> = {};
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    fields[name] = { valid: validOf(property), invalid: invalidOf(property) };
  }
  return fields;
}

/**
 * A text field checked by a rule list (core/auth/credential-rules.ts, which the account schemas are built from:
 * zod's JSON Schema cannot describe their refinements): `plausible` values that pass every rule, and hostile or
 * boundary values that break at least one, each checked against the rules themselves.
 */
export function ruleField(spec: FieldSpec, plausible: fc.Arbitrary<string>): FieldArbs {
  const any = fc.oneof(plausible, hostileString, boundaryString);
  return {
    valid: plausible.filter((v) => firstBroken(spec, v) === null),
    invalid: any.filter((v) => firstBroken(spec, v) !== null),
  };
}

/** E-mail, password and name as sign-up and sign-in take them. */
export const credentialFields = {
  email: ruleField(
    EMAIL,
    fc.oneof(
      fc.emailAddress(),
      fc.constantFrom(
        "kylie.nguyen@example.com.au",
        " Tom.OBrien@EXAMPLE.com.au ",
        "o'brien+swap@example.com",
        `${"a".repeat(240)}@example.com.au`,
      ),
    ),
  ),
  password: ruleField(
    PASSWORD,
    fc.oneof(
      fc.stringMatching(/^[A-Z][a-z]{3,30}[0-9]{1,8}$/),
      fc.constantFrom("Swapshed1", `Aa1${"x".repeat(69)}`, "Pässwörd1Ü"),
    ),
  ),
  fullName: ruleField(
    FULL_NAME,
    fc.oneof(
      fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,60}$/),
      fc.constantFrom("Nguyễn Văn Ân", "Zoë O'Brien-Smith", "محمد العلي", "李小龍", "Ōkubo Tōru", `${"A".repeat(100)}`),
    ),
  ),
};

/** A schema's fields, with the rule-checked values of credentialFields for the account fields among them. */
export function accountFields(schema: z.ZodType): Record<string, FieldArbs> {
  const rules: Record<string, FieldArbs> = credentialFields;
  return Object.fromEntries(Object.entries(schemaFields(schema)).map(([name, f]) => [name, rules[name] ?? f]));
}

/** A field with no schema: values from `valid` (real ids, the right words), anything else is hostile. */
export function field(valid: fc.Arbitrary<unknown>): FieldArbs {
  return { valid, invalid: fc.oneof(hostileString, fc.constant(null), fc.constant([])) };
}

export const oneOf = (...values: unknown[]) => field(fc.constantFrom(...values));

/** A picture field: a real JPEG, or a file it must refuse. */
export const fileField: FieldArbs = { valid: goodFile, invalid: badFile };

/** What a form field may hold: any hostile value, or a file where text was expected. */
export const formHostile = fc.oneof({ weight: 6, arbitrary: hostileJson }, { weight: 1, arbitrary: badFile });

// ---------------------------------------------------------------------------------------------------------------
// Bodies

/** A generated field: a value (maybe of the wrong type), or left out. */
export type Entry = [name: string, value: unknown];
const OMIT = Symbol("omit");

/**
 * The fields of one bad request: each known field valid, broken, hostile or missing; `fixed` fields (an intent)
 * mostly keep their value; then up to three extra fields, prototype keys among them.
 */
export function entriesArb(
  fields: Record<string, FieldArbs>,
  fixed: Record<string, unknown> = {},
  extraValue = hostileJson,
): fc.Arbitrary<Entry[]> {
  const known = Object.entries(fields).map(([name, f]) =>
    fc
      .oneof(
        { weight: 4, arbitrary: f.valid },
        { weight: 3, arbitrary: f.invalid },
        { weight: 2, arbitrary: extraValue },
        { weight: 1, arbitrary: fc.constant(OMIT) },
      )
      .map((value): Entry[] => (value === OMIT ? [] : [[name, value]])),
  );
  const fixedEntries = Object.entries(fixed).map(([name, value]) =>
    fc
      .oneof(
        { weight: 8, arbitrary: fc.constant(value) },
        { weight: 1, arbitrary: extraValue },
        // The names every plain object inherits: a lookup table keyed by this field must not take them.
        { weight: 1, arbitrary: fc.constantFrom(...INHERITED_KEYS) },
        { weight: 1, arbitrary: fc.constant(OMIT) },
      )
      .map((v): Entry[] => (v === OMIT ? [] : [[name, v]])),
  );
  const extraName = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "__proto__[polluted]",
        "constructor[prototype][polluted]",
        "__proto__.polluted",
        "polluted",
        "isAdmin",
        "role",
        "userId",
        "id",
        "status",
      ),
    },
    { weight: 1, arbitrary: hostileString.filter((s) => s.length < 200) },
  );
  const extras = fc.array(fc.tuple(extraName, extraValue), { maxLength: 3 });
  return fc
    .tuple(fc.tuple(...fixedEntries, ...known), extras)
    .map(([groups, extra]) => [...groups.flat(), ...(extra as Entry[])]);
}

function jsonText(value: unknown): string {
  if (isRawJson(value)) return value.rawJson;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A JSON body's text. Keys go out as written: a `__proto__` key reaches the server as an own property. */
export function jsonBody(entries: Entry[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
}

/** A whole body that is not an object at all. */
export const nonObjectJson = fc
  .oneof(hostileJson, fc.constant({ rawJson: "" }), fc.constant({ rawJson: '{"a":' }))
  .map((v) => jsonText(v));

/** A text as a form field: strings as they are, others as a browser-ish client would send them. */
export function formValues(value: unknown): string[] {
  if (value === null || value === undefined) return ["", "null"].slice(0, 1);
  if (Array.isArray(value)) return value.flatMap(formValues);
  if (isRawJson(value)) return [value.rawJson.slice(0, 20_000)];
  if (typeof value === "object") return [JSON.stringify(value)];
  return [String(value)];
}

/** Percent-encodes a form value; a lone surrogate is sent as the invalid UTF-8 a careless client would send. */
function encodeFormPart(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(char);
  }
  return out;
}

export function urlEncoded(entries: [string, string][]): string {
  return entries.map(([k, v]) => `${encodeFormPart(k)}=${encodeFormPart(v)}`).join("&");
}

/** An id in a path as a careless client sends it: percent-encoded, a lone surrogate as invalid UTF-8. */
export const encodePathSegment = encodeFormPart;

// ---------------------------------------------------------------------------------------------------------------
// The database's fingerprint

/**
 * Tables that record attempts, refused ones included, by design: the rate limits count them and the security
 * log lists them (a failed sign-in, a refused back-office visit). Every other table must be untouched by a
 * refused request.
 */
export const ATTEMPT_TABLES = ["rate_limits", "security_events"] as const;

let tableList: Promise<string[]> | undefined;

async function tablesOf(db: Db): Promise<string[]> {
  tableList ??= (async () => {
    const result = await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const rows = ("rows" in result ? result.rows : result) as { table_name: string }[];
    return rows.map((r) => r.table_name).filter((t) => !(ATTEMPT_TABLES as readonly string[]).includes(t));
  })();
  return tableList;
}

/** Each table's row count and a checksum of its rows, in one query. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await tablesOf(db);
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, count(*)::text || ':' || md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as f from "${t}" x`,
  );
  const result = await db.execute(sql.raw(parts.join(" union all ")));
  const rows = ("rows" in result ? result.rows : result) as { t: string; f: string }[];
  return Object.fromEntries(rows.map((r) => [r.t, r.f]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

// ---------------------------------------------------------------------------------------------------------------
// Prototypes

const PROTOTYPES = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
};
const keysOf = (proto: object) => Reflect.ownKeys(proto).map(String).sort().join(",");
const baseline = Object.fromEntries(Object.entries(PROTOTYPES).map(([name, proto]) => [name, keysOf(proto)]));

/** The built-in prototypes that gained (or lost) a key since this module loaded; empty when none did. */
export function pollutedPrototypes(): string[] {
  const probe = {} as Record<string, unknown>;
  const polluted = Object.entries(PROTOTYPES)
    .filter(([name, proto]) => keysOf(proto) !== baseline[name])
    .map(([name]) => `${name}.prototype`);
  if (probe.polluted !== undefined || probe.isAdmin !== undefined) polluted.push("Object.prototype (inherited value)");
  return polluted;
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

export type Outcome = "accepted" | "refused" | "redirected" | "server error";

/** Counts per endpoint, printed as a table at the end of the file and summed for docs/security.md. */
export class Figures {
  readonly rows = new Map<
    string,
    {
      cases: number;
      accepted: number;
      refused: number;
      redirected: number;
      status5xx: number;
      changedByRefused: number;
      statuses: Map<number, number>;
    }
  >();

  count(endpoint: string, outcome: Outcome, changed: boolean, status = 0) {
    const row = this.rows.get(endpoint) ?? {
      cases: 0,
      accepted: 0,
      refused: 0,
      redirected: 0,
      status5xx: 0,
      changedByRefused: 0,
      statuses: new Map(),
    };
    row.cases++;
    if (outcome === "accepted") row.accepted++;
    if (outcome === "refused") row.refused++;
    if (outcome === "redirected") row.redirected++;
    if (outcome === "server error") row.status5xx++;
    if (outcome === "refused" && changed) row.changedByRefused++;
    if (status) row.statuses.set(status, (row.statuses.get(status) ?? 0) + 1);
    this.rows.set(endpoint, row);
  }

  totals() {
    const t = {
      endpoints: this.rows.size,
      cases: 0,
      accepted: 0,
      refused: 0,
      redirected: 0,
      status4xx: 0,
      status5xx: 0,
      changedByRefused: 0,
    };
    for (const row of this.rows.values()) {
      t.cases += row.cases;
      for (const [status, n] of row.statuses) if (status >= 400 && status < 500) t.status4xx += n;
      t.accepted += row.accepted;
      t.refused += row.refused;
      t.redirected += row.redirected;
      t.status5xx += row.status5xx;
      t.changedByRefused += row.changedByRefused;
    }
    return t;
  }

  report(title: string, database: string): string {
    const t = this.totals();
    const statuses = (m: Map<number, number>) =>
      [...m]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}x${n}`)
        .join(" ");
    const lines = [
      `${title} (${database}, seed ${FUZZ_SEED}; replay with FUZZ_SEED=${FUZZ_SEED})`,
      ...[...this.rows].map(
        ([endpoint, r]) =>
          `  ${endpoint.padEnd(58)} ${String(r.cases).padStart(4)} cases: ${String(r.refused).padStart(3)} refused, ${String(r.accepted + r.redirected).padStart(3)} accepted, ${r.status5xx} 5xx  [${statuses(r.statuses)}]`,
      ),
      `  endpoints: ${t.endpoints}, cases tried: ${t.cases}, 4xx: ${t.status4xx}, refused in all: ${t.refused}, accepted: ${t.accepted + t.redirected}, 5xx: ${t.status5xx}, rows changed by refused input: ${t.changedByRefused}`,
    ];
    return lines.join("\n");
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Running a property

/** A generated case as a short line: long strings cut to their start and length, files by name and size. */
export function describeCase(value: unknown): string {
  return JSON.stringify(value, (_key, v) => {
    if (typeof v === "string" && v.length > 120) return `${v.slice(0, 60)}…(${v.length} chars)`;
    if (v instanceof Uint8Array) return `<${v.length} bytes>`;
    return v;
  });
}

/**
 * fc.check with a fixed seed and a failure message that fits a CI log: the endpoint, the error, the seed and
 * path that replay it (FUZZ_SEED), and the case, shortened. Shrinking is off: the first failing case is reported.
 */
export async function checkProperty<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<T>,
  params: { numRuns: number; seed: number },
) {
  const details = await fc.check(property, { ...params, endOnFailure: true });
  if (!details.failed) return;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${name}: ${error}\n  seed ${details.seed}, path "${details.counterexamplePath}"\n  case: ${describeCase((details.counterexample as unknown[] | null)?.[0])}`,
  );
}
