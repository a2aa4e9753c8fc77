/** The database error (node-postgres or PGlite) inside `error`, if any: Drizzle wraps the driver's error in
 *  `cause`, and both drivers report the SQLSTATE as `code` and, for constraint errors, the constraint's name. */
export function findSqlError(error: unknown): { code: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique-index violation (SQLSTATE 23505) on `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const found = findSqlError(error);
  return found?.code === "23505" && (found.constraint === undefined || found.constraint === constraint);
}

/** A statement cancelled by `statement_timeout` (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  return findSqlError(error)?.code === "57014";
}
