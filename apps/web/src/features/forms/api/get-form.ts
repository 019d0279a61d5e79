import type { TFormWithFields } from "@formloom/core/api/forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const formQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: ["forms", formId],
    queryFn: () => api<TFormWithFields>("GET", `/forms/${formId}`),
  });

export const useForm = (formId: number) => useQuery(formQueryOptions(formId));
