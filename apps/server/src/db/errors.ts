/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === "object"; ) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
