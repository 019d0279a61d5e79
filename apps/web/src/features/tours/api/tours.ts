import type { TourName, TToursSeen } from "@formloom/core/api/tours";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useToursSeen = () =>
  useQuery({ queryKey: ["tours"], queryFn: () => api<TToursSeen>("GET", "/tours"), staleTime: 300_000 });

/** Remembers a finished or skipped tour for the user, on every device. */
export function useTourSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tour: TourName) => api<TToursSeen>("POST", `/tours/${tour}/seen`),
    onSuccess: (data) => client.setQueryData(["tours"], data),
  });
}
