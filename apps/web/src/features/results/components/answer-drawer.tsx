import type { TElement } from "@formloom/core/element-schema";
import { isAnswerable } from "@formloom/core/field-registry";
import { Alert, Badge, Drawer, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { errorText } from "../../../lib/error-text.ts";
import { useAnswer } from "../api/get-answers.ts";

/** One submission in full: every answer the reader may see, times and device. */
export function AnswerDrawer({
  formId,
  answerId,
  fields,
  onClose,
}: {
  formId: number;
  answerId: number | null;
  fields: TElement[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { data: answer, error, isPending } = useAnswer(formId, answerId);
  const format = useFormat();
  const visible = answer?.visibleFieldIds ?? null;
  const shown = fields.filter(
    (field) => isAnswerable(field) && (visible === null || visible.includes(field.id)),
  );
  return (
    <Drawer
      opened={answerId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={answerId !== null ? t("Submission #{{id}}", { id: answerId }) : ""}
    >
      {answerId !== null && isPending && <Loader />}
      {error && <Alert color="red">{errorText(error)}</Alert>}
      {answer && (
        <Stack>
          <Group gap="xs">
            <Badge variant="light">{format.dateTimeSeconds(answer.submitTime)}</Badge>
            {answer.formPassingTime !== null && (
              <Badge variant="light" color="gray">
                {format.duration(answer.formPassingTime)}
              </Badge>
            )}
            {answer.score !== null && (
              <Badge variant="light" color="teal">
                {t("Score")}: {answer.score}
              </Badge>
            )}
            {resultText(answer.result) && (
              <Badge variant="light" color="violet">
                {resultText(answer.result)}
              </Badge>
            )}
            {answer.username && (
              <Badge variant="light" color="grape">
                {answer.username}
              </Badge>
            )}
          </Group>
          <Table withRowBorders>
            <Table.Tbody>
              {shown.map((field) => {
                const given = answer.answers.find((a) => a.fieldId === field.id);
                return (
                  <Table.Tr key={field.id}>
                    <Table.Th w="40%" style={{ verticalAlign: "top" }}>
                      {field.question}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                      {given ? (
                        format.answer(field, given.answer)
                      ) : (
                        <Text c="dimmed" size="sm">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t("Device")}: {answer.device.type} · {answer.device.os} · {answer.device.browser} ·{" "}
            {answer.device.language}
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}

/** The short result of a calculation form's submission (core's ResultOutcome), as one line. */
function resultText(result: unknown): string {
  if (!result || typeof result !== "object") return "";
  const outcome = result as {
    view?: string;
    brief?: string;
    categories?: Array<{ title: string; brief: string }>;
  };
  if (outcome.view === "categories")
    return (outcome.categories ?? []).map((c) => `${c.title}: ${c.brief}`).join("; ");
  return outcome.brief ?? "";
}
