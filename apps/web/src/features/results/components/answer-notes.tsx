import type { TAnswerDetail } from "@formloom/core/api/answers";
import type { TElement } from "@formloom/core/element-schema";
import { isAnswerable } from "@formloom/core/field-registry";
import {
  Button,
  Divider,
  Group,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../../lib/notify.ts";
import { type NoteChange, useAnswerTags, useUpdateNotes } from "../api/results-notes.ts";

/**
 * What readers add to one submission: tags, the total and a field's points set by hand, and a
 * comment per field. Shown beside the submission in the results' drawer.
 */
export function AnswerNotes({
  formId,
  answer,
  fields,
  mayEdit,
  scored,
}: {
  formId: number;
  answer: TAnswerDetail;
  fields: TElement[];
  mayEdit: boolean;
  scored: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateNotes(formId, answer.id);
  const { data: knownTags = [] } = useAnswerTags();
  const visible = answer.visibleFieldIds;
  const shown = fields
    .filter((field) => isAnswerable(field) && (visible === null || visible.includes(field.id)))
    .sort((a, b) => a.fieldOrder - b.fieldOrder);
  const [tags, setTags] = useState(answer.tags ?? []);
  const [score, setScore] = useState<number | string>(answer.score ?? "");
  const [fieldId, setFieldId] = useState<string | null>(shown[0]?.id ?? null);
  const [comment, setComment] = useState("");
  const [points, setPoints] = useState<number | string>("");
  // Take the stored values again only when they change, not on every refetch of the submission:
  // a refetch after saving the score must not wipe a comment being typed.
  const storedTags = JSON.stringify(answer.tags ?? []);
  const storedScore = answer.score ?? "";
  const storedComment = (fieldId && answer.fieldComments?.[fieldId]) || "";
  const storedPoints = fieldId ? (answer.fieldScores?.[fieldId] ?? "") : "";
  useEffect(() => setTags(JSON.parse(storedTags)), [storedTags]);
  useEffect(() => setScore(storedScore), [storedScore]);
  useEffect(() => setComment(storedComment), [storedComment]);
  useEffect(() => setPoints(storedPoints), [storedPoints]);
  const save = (change: NoteChange) => update.mutate(change, { onError: notifyError });
  const comments = Object.entries(answer.fieldComments ?? {});
  const questionOf = (id: string) => shown.find((field) => field.id === id)?.question || id;

  return (
    <Stack gap="sm">
      <Divider />
      <Title order={4}>{t("Notes")}</Title>
      <TagsInput
        label={t("Tags")}
        data={knownTags}
        value={tags}
        disabled={!mayEdit}
        maxTags={20}
        onChange={(next) => {
          const clean = next.map((tag) => tag.trim().slice(0, 50)).filter(Boolean);
          setTags(clean);
          save({ kind: "update-tags", tags: clean });
        }}
      />
      {scored && mayEdit && (
        <Group align="flex-end" gap="xs">
          <NumberInput label={t("Score")} w={140} value={score} onChange={setScore} />
          <Button
            variant="default"
            loading={update.isPending && update.variables?.kind === "update-score"}
            onClick={() => save({ kind: "update-score", score: typeof score === "number" ? score : null })}
          >
            {t("Save score")}
          </Button>
        </Group>
      )}
      {shown.length > 0 && (
        <Stack gap="xs">
          <Select
            label={t("Field")}
            data={shown.map((field) => ({ value: field.id, label: field.question || field.id }))}
            value={fieldId}
            allowDeselect={false}
            onChange={setFieldId}
          />
          {scored && mayEdit && fieldId && (
            <Group align="flex-end" gap="xs">
              <NumberInput label={t("Points for this field")} w={160} value={points} onChange={setPoints} />
              <Button
                variant="default"
                disabled={typeof points !== "number"}
                onClick={() =>
                  typeof points === "number" &&
                  save({ kind: "update-field-score", field: fieldId, score: points })
                }
              >
                {t("Save points")}
              </Button>
            </Group>
          )}
          {mayEdit && fieldId && (
            <>
              <Textarea
                label={t("Comment on this field")}
                autosize
                minRows={2}
                maxLength={2000}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => save({ kind: "update-comment", field: fieldId, comment })}
                >
                  {t("Save comment")}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
      {comments.length > 0 && (
        <Stack gap={4}>
          {comments.map(([id, text]) => (
            <Text key={id} size="sm">
              <Text span fw={600}>
                {questionOf(id)}:
              </Text>{" "}
              {text}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
