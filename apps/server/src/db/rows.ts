/** The rows of drizzle's `execute`, which PostgreSQL's driver answers with an array and PGlite with { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
