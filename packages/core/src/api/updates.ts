import type { z } from "zod";

/**
 * An update must name something to change. `{}` (or a body of unknown keys only, which parsing
 * drops) is refused with `request.empty`: the caller most likely sent the wrong body, and an
 * empty change would reach the database as an UPDATE without a SET.
 */
export function requireChange<T extends z.ZodObject>(schema: T): T {
  return schema.refine((body) => Object.values(body).some((value) => value !== undefined), "request.empty");
}
