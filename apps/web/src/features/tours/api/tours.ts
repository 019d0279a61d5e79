import type { TourName, TToursSeen } from "@formloom/core/api/tours";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client as api } from "../../../lib/typed-client.ts";

export const useToursSeen = () =>
  useQuery({
    queryKey: ["tours"],
    queryFn: (): Promise<TToursSeen> => unwrap(api.GET("/api/tours")),
    staleTime: 300_000,
  });

/** Remembers a finished or skipped tour for the user, on every device. */
export function useTourSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tour: TourName): Promise<TToursSeen> =>
      unwrap(api.POST("/api/tours/{tour}/seen", { params: { path: { tour } } })),
    onSuccess: (data) => client.setQueryData(["tours"], data),
  });
}
