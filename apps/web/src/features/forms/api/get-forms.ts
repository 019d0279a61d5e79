import type { TFormListItem } from "@formloom/core/api/forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const formsQueryOptions = queryOptions({
  queryKey: ["forms"],
  queryFn: () => api<{ forms: TFormListItem[] }>("GET", "/forms/account").then((r) => r.forms),
});

export const useForms = () => useQuery(formsQueryOptions);
