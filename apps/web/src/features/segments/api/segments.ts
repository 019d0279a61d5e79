import type { TSegment, TSegmentInput, TSegmentJob, TSegmentMembers } from "@formloom/core/api/segments";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Every segment query starts with "segments", so a change refreshes the list and the segment's pages. */
const KEY = "segments";

export const useSegments = () =>
  useQuery({
    queryKey: [KEY, "all"],
    queryFn: () => api<{ segments: TSegment[] }>("GET", "/segments/all").then((r) => r.segments),
  });

export const useSegment = (id: number) =>
  useQuery({ queryKey: [KEY, id], queryFn: () => api<TSegment>("GET", `/segments/${id}`) });

export const useSegmentMembers = (id: number, formId: number | null) =>
  useQuery({
    queryKey: [KEY, id, "members", formId],
    queryFn: () => api<TSegmentMembers>("GET", `/segments/${id}/members?formId=${formId}`),
    enabled: formId !== null,
  });

/** A recalculation's progress, asked again every second until it is over. */
export const useSegmentJob = (jobId: number | null) =>
  useQuery({
    queryKey: [KEY, "jobs", jobId],
    queryFn: () => api<TSegmentJob>("GET", `/segments/jobs/${jobId}`),
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
  useSegmentMutation((body: TSegmentInput) => api<TSegment>("POST", "/segments", body));

export const useEditSegment = (id: number) =>
  useSegmentMutation((body: TSegmentInput) => api<TSegment>("PUT", `/segments/${id}`, body));

export const useDeleteSegment = () =>
  useSegmentMutation((segment: TSegment) => api<null>("DELETE", `/segments/${segment.id}`));

export const useRecalculateSegment = (id: number) =>
  useMutation({
    mutationFn: (formIds: number[]) =>
      api<TSegmentJob>("PATCH", `/forms/answers/recalculate-segments/${id}`, { formIds }),
  });
