import { z } from "zod";

/** A database row's id in a path or query string: a positive integer that fits PostgreSQL's int. */
export const ZRowId = z.coerce.number().int().positive().max(2_147_483_647);

/** The `:id` of a route's path. */
export const ZIdParams = z.object({ id: ZRowId });
