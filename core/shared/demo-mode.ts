/**
 * The embedded default is a demo: anyone may seed it, seeded members share a published password, and the mail
 * outbox can be read on the site. That is on unless this is a production PostgreSQL; ALLOW_SEED decides
 * explicitly either way (`false` makes a real deployment on the embedded database, `true` a staging one).
 */
export function isDemoMode(env: { NODE_ENV: string; DATABASE_URL?: string; ALLOW_SEED?: boolean }): boolean {
  if (env.ALLOW_SEED !== undefined) return env.ALLOW_SEED;
  return !(env.NODE_ENV === "production" && env.DATABASE_URL?.startsWith("postgres"));
}
