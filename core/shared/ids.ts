// Ids as the database keeps them. core/shared imports nothing else of core.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `id` is a UUID, the shape of every listing, swap, payment and report id. Anything else is simply not
 * found: PostgreSQL would refuse to compare it with a uuid column, and that must not become a 500.
 */
export function isUuid(id: unknown): id is string {
  return typeof id === "string" && UUID.test(id);
}
