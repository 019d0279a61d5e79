import type { TAnswerDetail } from "@formloom/core/api/answers";
import type { TElement } from "@formloom/core/element-schema";
import { fileRefsOf } from "@formloom/core/field-types/file-like";
import { isMediaQuestionType } from "@formloom/core/media-questions";
import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../../i18n/format.ts";
import { AnchorLink } from "../../../../lib/router-links.tsx";
import { NothingCollected } from "../result/result-tabs.tsx";
import { RecordingPlayer } from "./recording-player.tsx";

/** A question as the results name it: its short title, else its text. */
export const questionName = (field: TElement) => field.title.trim() || field.question;

/**
 * The video-questions tab of a submission: each video or audio question it answered, its title
 * and the recording played back, with a way to every answer to that question. Only the questions
 * the reader may see come with the submission, so no other is listed.
 */
export function VideoQuestionsTab({
  formId,
  resId,
  answer,
  fields,
}: {
  formId: number;
  resId: number;
  answer: TAnswerDetail;
  fields: TElement[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const answered = fields
    .filter((field) => isMediaQuestionType(field.fieldType))
    .sort((a, b) => a.fieldOrder - b.fieldOrder)
    .map((field) => ({
      field,
      files: fileRefsOf(answer.answers.find((given) => given.fieldId === field.id)?.answer) ?? [],
    }))
    .filter(({ files }) => files.length > 0);
  if (answered.length === 0) return <NothingCollected what={t("Video questions")} />;
  return (
    <Stack gap="xl">
      {answered.map(({ field, files }) => {
        const name = questionName(field);
        return (
          <Stack key={field.id} gap="xs" component="section" aria-labelledby={`vq-${field.id}`}>
            <Title order={3} size="h5" id={`vq-${field.id}`}>
              {name}
            </Title>
            {files.map((file, index) => (
              <Stack key={file.id ?? index} gap={4}>
                <RecordingPlayer file={file} label={name} />
                <Text size="xs" c="dimmed">
                  {file.mimeType.startsWith("video/") ? t("Video") : t("Audio")} ·{" "}
                  {format.number(Math.max(1, Math.round(file.size / 1024)))} KB
                </Text>
              </Stack>
            ))}
            <AnchorLink
              size="sm"
              to="/forms/$id/results/$resId/video-questions/$fieldId"
              params={{ id: formId, resId, fieldId: field.id }}
            >
              {t("Every answer to this question")}
            </AnchorLink>
          </Stack>
        );
      })}
    </Stack>
  );
}
