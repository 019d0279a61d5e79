import type { TSegment, TSegmentInput, TSegmentJob, TSegmentMembers } from "@formloom/core/api/segments";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** Every segment query starts with "segments", so a change refreshes the list and the segment's pages. */
const KEY = "segments";

export const useSegments = () =>
  useQuery({
    queryKey: [KEY, "all"],
    queryFn: () => unwrap(client.GET("/api/segments/all")).then((r): TSegment[] => r.segments),
  });

export const useSegment = (id: number) =>
  useQuery({
    queryKey: [KEY, id],
    queryFn: (): Promise<TSegment> => unwrap(client.GET("/api/segments/{id}", { params: { path: { id } } })),
  });

export const useSegmentMembers = (id: number, formId: number | null) =>
  useQuery({
    queryKey: [KEY, id, "members", formId],
    queryFn: (): Promise<TSegmentMembers> =>
      unwrap(
        client.GET("/api/segments/{id}/members", {
          params: { path: { id }, query: { formId: formId ?? 0 } },
        }),
      ),
    enabled: formId !== null,
  });

/** A recalculation's progress, asked again every second until it is over. */
export const useSegmentJob = (jobId: number | null) =>
  useQuery({
    queryKey: [KEY, "jobs", jobId],
    queryFn: (): Promise<TSegmentJob> =>
      unwrap(client.GET("/api/segments/jobs/{jobId}", { params: { path: { jobId: jobId ?? 0 } } })),
    enabled: jobId !== null,
    refetchInterval: (query) =>
      query.state.data?.state === "done" || query.state.data?.state === "failed" ? false : 1000,
  });

function useSegmentMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useCreateSegment = () =>
  useSegmentMutation(
    (body: TSegmentInput): Promise<TSegment> => unwrap(client.POST("/api/segments", { body })),
  );

export const useEditSegment = (id: number) =>
  useSegmentMutation(
    (body: TSegmentInput): Promise<TSegment> =>
      unwrap(client.PUT("/api/segments/{id}", { params: { path: { id } }, body })),
  );

export const useDeleteSegment = () =>
  useSegmentMutation((segment: TSegment) =>
    unwrap(client.DELETE("/api/segments/{id}", { params: { path: { id: segment.id } } })),
  );

export const useRecalculateSegment = (id: number) =>
  useMutation({
    mutationFn: (formIds: number[]): Promise<TSegmentJob> =>
      unwrap(
        client.PATCH("/api/forms/answers/recalculate-segments/{segmentId}", {
          params: { path: { segmentId: id } },
          body: { formIds },
        }),
      ),
  });
