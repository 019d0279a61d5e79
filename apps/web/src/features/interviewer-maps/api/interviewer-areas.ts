import type { TArea, TAreaInput, TInterviewerAreas } from "@formloom/core/api/interviewer-maps";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** Every interviewer-map query starts with this, so a change of an area refreshes both maps. */
export const MAPS_KEY = "interviewer-maps";

export const useInterviewerAreas = (interviewerId: number) =>
  useQuery({
    queryKey: [MAPS_KEY, interviewerId, "areas"],
    queryFn: (): Promise<TInterviewerAreas> =>
      unwrap(client.GET("/api/account/users/{id}/areas", { params: { path: { id: interviewerId } } })),
  });

function useAreaMutation<Input, Output>(interviewerId: number, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MAPS_KEY, interviewerId] }),
  });
}

export const useCreateArea = (interviewerId: number) =>
  useAreaMutation(
    interviewerId,
    (body: TAreaInput): Promise<TArea> =>
      unwrap(client.POST("/api/account/users/{id}/areas", { params: { path: { id: interviewerId } }, body })),
  );

export const useUpdateArea = (interviewerId: number) =>
  useAreaMutation(
    interviewerId,
    ({ id, ...body }: TAreaInput & { id: number }): Promise<TArea> =>
      unwrap(client.PUT("/api/areas/{id}", { params: { path: { id } }, body })),
  );

export const useDeleteArea = (interviewerId: number) =>
  useAreaMutation(interviewerId, (id: number) =>
    unwrap(client.DELETE("/api/areas/{id}", { params: { path: { id } } })),
  );
