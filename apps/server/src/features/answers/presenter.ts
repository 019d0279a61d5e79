import type { TAnswerView } from "@formloom/core/api/answers";
import type { formAnswers } from "../../db/schema.ts";

type AnswerRow = typeof formAnswers.$inferSelect;

export function presentAnswer(row: AnswerRow, username: string | null): TAnswerView {
  return {
    id: row.id,
    number: row.number,
    formId: row.formId,
    startTime: row.startTime?.toISOString() ?? null,
    submitTime: row.submitTime.toISOString(),
    formPassingTime: row.formPassingTime,
    isViewed: row.isViewed,
    username,
    answers: row.answers as TAnswerView["answers"],
    device: row.device as TAnswerView["device"],
    geo: (row.geo as TAnswerView["geo"]) ?? null,
    score: row.score,
    result: row.result ?? null,
    fieldScores: (row.fieldScores as TAnswerView["fieldScores"]) ?? null,
    tags: row.tags,
    fieldComments: (row.fieldComments as Record<string, string> | null) ?? {},
    capturingConfirmOptions: (row.capturingConfirmOptions as string[] | null) ?? null,
    behavioralConfirmOptions: (row.behavioralConfirmOptions as string[] | null) ?? null,
  };
}
