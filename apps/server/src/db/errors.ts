/** Whether a database error (or one it was caused by) carries this SQLSTATE, on either engine. */
function hasSqlState(error: unknown, state: string): boolean {
  for (let current: unknown = error; current && typeof current === "object"; ) {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique-constraint violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, "23505");

/** A foreign-key violation (SQLSTATE 23503): the row referred to went away, or is still referred to. */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, "23503");
