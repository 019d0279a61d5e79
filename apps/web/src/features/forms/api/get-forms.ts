import type { TFormListItem } from "@formloom/core/api/forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const formsQueryOptions = queryOptions({
  queryKey: ["forms"],
  queryFn: () => unwrap(client.GET("/api/forms/account")).then((r): TFormListItem[] => r.forms),
});

/** The account's forms; pass false where the user may not view forms, so nothing is asked. */
export const useForms = (enabled = true) => useQuery({ ...formsQueryOptions, enabled });
