import type { TAnswerDetail, TGeoData } from "@formloom/core/api/answers";
import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { TElement } from "@formloom/core/element-schema";
import { holdsValue } from "@formloom/core/field-registry";
import { fileRefsOf } from "@formloom/core/field-types/file-like";
import { shownScore } from "@formloom/core/shown-score";
import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { FileAnswers } from "./file-answers.tsx";
import { RecordedLine } from "./recorded-line.tsx";

/**
 * One submission in full: every answer the reader may see, times, score and device. The body of
 * the results' drawer and of the single result's page.
 */
export function AnswerView({
  answer,
  fields,
  removed = [],
}: {
  answer: TAnswerDetail;
  fields: TElement[];
  /** Questions deleted since, as they last were: answers to them are shown by them. */
  removed?: TElement[];
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const visible = answer.visibleFieldIds;
  const shown = fields
    .filter((field) => holdsValue(field) && (visible === null || visible.includes(field.id)))
    .sort((a, b) => a.fieldOrder - b.fieldOrder);
  const archived = archivedAnswers(answer, fields);
  const removedById = new Map(removed.map((field) => [field.id, field]));
  return (
    <Stack>
      <Group gap="xs">
        {/* Badges write in capitals: times and units keep their case (1 s, not 1 S). */}
        <Badge variant="light" tt="none">
          {format.dateTimeSeconds(answer.submitTime)}
        </Badge>
        {answer.formPassingTime !== null && (
          <Badge variant="light" color="gray" tt="none">
            {format.duration(answer.formPassingTime)}
          </Badge>
        )}
        {answer.score !== null && (
          <Badge variant="light" color="teal">
            {t("Score")}: {shownScore(answer.score)}
          </Badge>
        )}
        {resultText(answer.result, t) && (
          <Badge variant="light" color="violet">
            {resultText(answer.result, t)}
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
                    answerContent(field, given.answer, format)
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
      {archived.length > 0 && (
        <Table withRowBorders data-testid="archived-answers">
          <Table.Caption style={{ captionSide: "top", textAlign: "start" }}>
            {t("Archived answers: questions since deleted from the form")}
          </Table.Caption>
          <Table.Tbody>
            {archived.map((item) => {
              const was = removedById.get(item.fieldId);
              return (
                <Table.Tr key={item.fieldId}>
                  <Table.Th w="40%" style={{ verticalAlign: "top" }}>
                    {was?.question || was?.title || item.formulaName || t("Deleted question")}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {was ? answerContent(was, item.answer, format) : archivedText(item.answer)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {t("Device")}: {answer.device.type} · {answer.device.os} · {answer.device.browser} ·{" "}
        {answer.device.language}
        {answer.device.width && answer.device.height
          ? ` · ${answer.device.width}×${answer.device.height}`
          : ""}
      </Text>
      {answer.geo && (
        <Text size="xs" c="dimmed">
          {t("Location")}: {placeText(answer.geo, i18n.language)}
        </Text>
      )}
      <RecordedLine answer={answer} />
    </Stack>
  );
}

/** Answers to questions the form no longer has, which the reader may see: kept, and shown apart. */
function archivedAnswers(answer: TAnswerDetail, fields: TElement[]) {
  const known = new Set(fields.map((field) => field.id));
  const visible = answer.visibleFieldIds;
  return answer.answers.filter(
    (item) =>
      !known.has(item.fieldId) &&
      (visible === null || visible.includes(item.fieldId)) &&
      archivedText(item.answer) !== "",
  );
}

/** An answer whose question is gone, as plain text: no field remains to say how to show it. */
function archivedText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(archivedText).filter(Boolean).join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** An answer as the reader sees it: uploaded files to look at and download, anything else as text. */
function answerContent(field: TElement, answer: unknown, format: ReturnType<typeof useFormat>) {
  const files = fileRefsOf(answer);
  return files ? <FileAnswers files={files} /> : format.answer(field, answer);
}

/** Where the submitter's address is: city, the country by its name in the reader's language, time zone. */
export function placeText(geo: TGeoData, language: string): string {
  let country = geo.country ?? "";
  try {
    if (country) country = new Intl.DisplayNames([language], { type: "region" }).of(country) ?? country;
  } catch {
    // An unknown code is shown as it is.
  }
  return [[geo.city, country].filter(Boolean).join(", "), geo.timeZone].filter(Boolean).join(" · ");
}

/** The short result of a calculation form's submission (core's ResultOutcome), as one line. */
export function resultText(result: unknown, t: (text: string) => string): string {
  if (!result || typeof result !== "object") return "";
  const outcome = result as {
    view?: string;
    brief?: string;
    categories?: Array<{ title: string; brief: string }>;
  };
  if (outcome.view === "categories")
    return (outcome.categories ?? []).map((c) => `${c.title}: ${c.brief}`).join("; ");
  return outcomeBrief(outcome.brief ?? "", t);
}

/** A result's brief text: the built-in "Passed" and "Failed", left as the author found them, in the reader's language. */
export function outcomeBrief(brief: string, t: (text: string) => string): string {
  return brief === RESPONDENT_TEXTS.passed || brief === RESPONDENT_TEXTS.failed ? t(brief) : brief;
}
