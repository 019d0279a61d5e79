import type { TAnswerNotes, TResultsColumns } from "@formloom/core/api/results-table";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** The tags used on the submissions this reader may read, offered when tagging and filtering. */
export const useAnswerTags = () =>
  useQuery({
    queryKey: ["answer-tags"],
    queryFn: () => unwrap(client.GET("/api/forms/answer-tags/account")),
    select: (data) => data.tags,
  });

/** The results table's columns as the signed-in user arranged them for this form ([] when never). */
export const useResultsColumns = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "results-columns"],
    queryFn: (): Promise<TResultsColumns> =>
      unwrap(client.GET("/api/forms/{id}/results-columns", { params: { path: { id: formId } } })),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSaveResultsColumns = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: TResultsColumns["columns"]): Promise<TResultsColumns> =>
      unwrap(
        client.PUT("/api/forms/{id}/results-columns", {
          params: { path: { id: formId } },
          body: { columns },
        }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(["forms", formId, "results-columns"], saved),
  });
};

export type NoteChange =
  | { kind: "update-tags"; tags: string[] }
  | { kind: "update-score"; score: number | null }
  | { kind: "update-field-score"; field: string; score: number }
  | { kind: "update-comment"; field: string; comment: string };

/** Sends one change to its own call: each kind of note has its path and body. */
function sendNote(formId: number, answerId: number, change: NoteChange): Promise<TAnswerNotes> {
  const params = { path: { id: formId, answerId } };
  switch (change.kind) {
    case "update-tags":
      return unwrap(
        client.POST("/api/forms/{id}/answers/{answerId}/update-tags", {
          params,
          body: { tags: change.tags },
        }),
      );
    case "update-score":
      return unwrap(
        client.POST("/api/forms/{id}/answers/{answerId}/update-score", {
          params,
          body: { score: change.score },
        }),
      );
    case "update-field-score":
      return unwrap(
        client.POST("/api/forms/{id}/answers/{answerId}/update-field-score", {
          params,
          body: { field: change.field, score: change.score },
        }),
      );
    case "update-comment":
      return unwrap(
        client.POST("/api/forms/{id}/answers/{answerId}/update-comment", {
          params,
          body: { field: change.field, comment: change.comment },
        }),
      );
  }
}

/** Tags, a score by hand, a field's points or a field's comment on one submission. */
export const useUpdateNotes = (formId: number, answerId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NoteChange) => sendNote(formId, answerId, change),
    onSuccess: (_notes, change) => {
      // The submission as the drawer reads it by id and as its page reads it by number.
      void queryClient.invalidateQueries({ queryKey: ["forms", formId, "answer"] });
      void queryClient.invalidateQueries({ queryKey: ["forms", formId, "answers"] });
      if (change.kind === "update-tags") void queryClient.invalidateQueries({ queryKey: ["answer-tags"] });
    },
  });
};
