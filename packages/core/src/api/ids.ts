import { z } from "zod";

/** The largest value of PostgreSQL's int, the type of every row id; a bigger value fails inside the query. */
export const PG_INT_MAX = 2_147_483_647;

/** A database row's id in a path or query string: a positive integer that fits PostgreSQL's int. */
export const ZRowId = z.coerce.number().int().positive().max(PG_INT_MAX);

/** A database row's id in a JSON body: a number, not a string, with the same bounds as ZRowId. */
export const ZRowIdInBody = z.number().int().positive().max(PG_INT_MAX);

/** The `:id` of a route's path. */
export const ZIdParams = z.object({ id: ZRowId });
