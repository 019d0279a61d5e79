import type { TPageInteractionPage } from "@formloom/core/api/page-interactions";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export interface InteractionParams {
  show: "all" | "answered" | "unanswered";
  order: "asc" | "desc";
  dateFrom: string;
  dateTo: string;
}

/** One page of the visits to a form's page (GET /forms/{id}/page-interactions/{page}/{size}). */
export const usePageInteractions = (formId: number, page: number, size: number, params: InteractionParams) =>
  useQuery({
    queryKey: ["forms", formId, "page-interactions", page, size, params],
    queryFn: (): Promise<TPageInteractionPage> =>
      unwrap(
        client.GET("/api/forms/{id}/page-interactions/{page}/{size}", {
          params: {
            path: { id: formId, page, size },
            query: {
              show: params.show,
              order: params.order,
              date_from: params.dateFrom || undefined,
              date_to: params.dateTo || undefined,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useDeletePageInteraction = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pid: string) =>
      unwrap(
        client.DELETE("/api/forms/{id}/page-interactions/{pid}", { params: { path: { id: formId, pid } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms", formId, "page-interactions"] }),
  });
};
