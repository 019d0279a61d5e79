import type { TFormWithFields } from "@formloom/core/api/forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const formQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: ["forms", formId],
    queryFn: (): Promise<TFormWithFields> =>
      unwrap(client.GET("/api/forms/{id}", { params: { path: { id: formId } } })),
  });

export const useForm = (formId: number) => useQuery(formQueryOptions(formId));
