import type { TElement } from "@formloom/core/element-schema";
import { Alert, Button, Drawer, Group, Loader, Stack } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/error-text.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useAnswer } from "../api/get-answers.ts";
import { AnswerNotes } from "./answer-notes.tsx";
import { AnswerView } from "./answer-view.tsx";

/**
 * One submission beside the results table, with a link to it as its own page; Previous and Next
 * step through the table's rows as filtered and sorted.
 */
export function AnswerDrawer({
  formId,
  answerId,
  fields,
  removed,
  onClose,
  onStep,
  prevId,
  nextId,
  mayEdit,
  scored,
}: {
  formId: number;
  answerId: number | null;
  fields: TElement[];
  /** Questions deleted since, as they last were. */
  removed: TElement[];
  onClose(): void;
  onStep(answerId: number): void;
  prevId: number | null;
  nextId: number | null;
  mayEdit: boolean;
  scored: boolean;
}) {
  const { t } = useTranslation();
  const { data: answer, error, isPending } = useAnswer(formId, answerId);
  return (
    <Drawer
      opened={answerId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={answer ? t("Submission #{{id}}", { id: answer.number ?? answer.id }) : ""}
    >
      {answerId !== null && isPending && <Loader />}
      {error && <Alert color="red">{errorText(error)}</Alert>}
      {answer && (
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconChevronLeft size={14} />}
                disabled={prevId === null}
                onClick={() => prevId !== null && onStep(prevId)}
              >
                {t("Previous")}
              </Button>
              <Button
                size="xs"
                variant="default"
                rightSection={<IconChevronRight size={14} />}
                disabled={nextId === null}
                onClick={() => nextId !== null && onStep(nextId)}
              >
                {t("Next")}
              </Button>
            </Group>
            <ButtonLink
              size="xs"
              variant="light"
              leftSection={<IconExternalLink size={14} />}
              to="/forms/$id/results/$resId"
              params={{ id: formId, resId: answer.number ?? answer.id }}
            >
              {t("Open as a page")}
            </ButtonLink>
          </Group>
          <AnswerView answer={answer} fields={fields} removed={removed} />
          <AnswerNotes
            key={answer.id}
            formId={formId}
            answer={answer}
            fields={fields}
            mayEdit={mayEdit}
            scored={scored}
          />
        </Stack>
      )}
    </Drawer>
  );
}
