import type { TAnswerView } from "@formloom/core/api/answers";
import type { formAnswers } from "../../db/schema.ts";

type AnswerRow = typeof formAnswers.$inferSelect;

export function presentAnswer(row: AnswerRow, username: string | null): TAnswerView {
  return {
    id: row.id,
    formId: row.formId,
    startTime: row.startTime?.toISOString() ?? null,
    submitTime: row.submitTime.toISOString(),
    formPassingTime: row.formPassingTime,
    isViewed: row.isViewed,
    username,
    answers: row.answers as TAnswerView["answers"],
    device: row.device as TAnswerView["device"],
    score: row.score,
    result: row.result ?? null,
    fieldScores: (row.fieldScores as TAnswerView["fieldScores"]) ?? null,
  };
}
