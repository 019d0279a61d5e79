import type { TFormListItem } from "@formloom/core/api/forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const formsQueryOptions = queryOptions({
  queryKey: ["forms"],
  queryFn: () => api<{ forms: TFormListItem[] }>("GET", "/forms/account").then((r) => r.forms),
});

/** The account's forms; pass false where the user may not view forms, so nothing is asked. */
export const useForms = (enabled = true) => useQuery({ ...formsQueryOptions, enabled });
