import type { TPageInteractionPage } from "@formloom/core/api/page-interactions";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

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
    queryFn: () => {
      const query = new URLSearchParams({ show: params.show, order: params.order });
      if (params.dateFrom) query.set("date_from", params.dateFrom);
      if (params.dateTo) query.set("date_to", params.dateTo);
      return api<TPageInteractionPage>("GET", `/forms/${formId}/page-interactions/${page}/${size}?${query}`);
    },
    placeholderData: keepPreviousData,
  });

export const useDeletePageInteraction = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pid: string) =>
      api<null>("DELETE", `/forms/${formId}/page-interactions/${encodeURIComponent(pid)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms", formId, "page-interactions"] }),
  });
};
