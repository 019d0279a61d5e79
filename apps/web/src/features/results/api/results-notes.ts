import type { TAnswerNotes, TResultsColumns } from "@formloom/core/api/results-table";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The tags used on the submissions this reader may read, offered when tagging and filtering. */
export const useAnswerTags = () =>
  useQuery({
    queryKey: ["answer-tags"],
    queryFn: () => api<{ tags: string[] }>("GET", "/forms/answer-tags/account"),
    select: (data) => data.tags,
  });

/** The results table's columns as the signed-in user arranged them for this form ([] when never). */
export const useResultsColumns = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "results-columns"],
    queryFn: () => api<TResultsColumns>("GET", `/forms/${formId}/results-columns`),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSaveResultsColumns = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: TResultsColumns["columns"]) =>
      api<TResultsColumns>("PUT", `/forms/${formId}/results-columns`, { columns }),
    onSuccess: (saved) => queryClient.setQueryData(["forms", formId, "results-columns"], saved),
  });
};

export type NoteChange =
  | { kind: "update-tags"; tags: string[] }
  | { kind: "update-score"; score: number | null }
  | { kind: "update-field-score"; field: string; score: number }
  | { kind: "update-comment"; field: string; comment: string };

/** Tags, a score by hand, a field's points or a field's comment on one submission. */
export const useUpdateNotes = (formId: number, answerId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: NoteChange) =>
      api<TAnswerNotes>("POST", `/forms/${formId}/answers/${answerId}/${kind}`, body),
    onSuccess: (_notes, change) => {
      // The submission as the drawer reads it by id and as its page reads it by number.
      void queryClient.invalidateQueries({ queryKey: ["forms", formId, "answer"] });
      void queryClient.invalidateQueries({ queryKey: ["forms", formId, "answers"] });
      if (change.kind === "update-tags") void queryClient.invalidateQueries({ queryKey: ["answer-tags"] });
    },
  });
};
