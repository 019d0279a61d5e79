import type { TElement } from "@formloom/core/element-schema";
import { gapsOf } from "@formloom/core/field-types/gap-text";
import { Checkbox, List, MultiSelect, Radio, Select, Stack, TagsInput, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  acceptedAnswers,
  type CorrectAnswerKind,
  markCorrect,
  withAcceptedAnswers,
  withMatrixAnswer,
  withPair,
} from "./scoring-edits.ts";

interface Props {
  element: TElement;
  kind: CorrectAnswerKind;
  onChange(patch: Partial<TElement>): void;
}

/** Where the author says what a right answer is, in the shape core checks for this type. */
export function CorrectAnswer({ element, kind, onChange }: Props) {
  const { t } = useTranslation();
  const settings = element.fieldSettings;
  const variants = settings.answerVariants ?? [];
  const optionName = (title: string, index: number) => title || t("Option {{n}}", { n: index + 1 });

  switch (kind) {
    case "oneOption":
      return (
        <Radio.Group
          label={t("Correct answer")}
          value={variants.find((variant) => variant.checkValue)?.id ?? null}
          onChange={(id) => onChange(markCorrect(element, id, true))}
        >
          <Stack gap={6} mt={4}>
            {variants.map((variant, index) => (
              <Radio key={variant.id} value={variant.id} label={optionName(variant.title, index)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case "someOptions":
      return (
        <Checkbox.Group
          label={t("Correct answers")}
          description={t("Each right choice scores a share; a wrong one takes a share back")}
          value={variants.filter((variant) => variant.checkValue).map((variant) => variant.id)}
          onChange={(ids) => {
            const answerVariants = variants.map((variant) => ({
              ...variant,
              checkValue: ids.includes(variant.id),
            }));
            onChange({ fieldSettings: { ...settings, answerVariants } });
          }}
        >
          <Stack gap={6} mt={4}>
            {variants.map((variant, index) => (
              <Checkbox key={variant.id} value={variant.id} label={optionName(variant.title, index)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case "texts":
    case "numbers":
      return (
        <TagsInput
          label={kind === "numbers" ? t("Correct numbers") : t("Accepted answers")}
          description={
            kind === "numbers"
              ? t("Press Enter after each number")
              : t("Press Enter after each; case and outer spaces do not matter")
          }
          value={acceptedAnswers(element)}
          onChange={(answers) => onChange(withAcceptedAnswers(element, answers))}
          acceptValueOnBlur
          clearable
        />
      );
    case "matrix": {
      const columns = variants.map((variant, index) => ({
        value: variant.id,
        label: optionName(variant.title, index),
      }));
      return (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("Correct answer of each row")}
          </Text>
          {(settings.questions ?? []).map((row, index) =>
            row.multiple ? (
              <MultiSelect
                key={row.id}
                label={row.question || t("Row {{n}}", { n: index + 1 })}
                data={columns}
                value={row.answerMultipleValues}
                onChange={(ids) => onChange(withMatrixAnswer(element, row.id, ids))}
              />
            ) : (
              <Select
                key={row.id}
                label={row.question || t("Row {{n}}", { n: index + 1 })}
                data={columns}
                value={row.answerValue || null}
                onChange={(id) => onChange(withMatrixAnswer(element, row.id, id ?? ""))}
                clearable
              />
            ),
          )}
        </Stack>
      );
    }
    case "pairs": {
      const matches = (settings.matches ?? []).map((match) => ({ value: match.id, label: match.title }));
      return (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("Correct partner of each item")}
          </Text>
          {variants.map((variant, index) => (
            <Select
              key={variant.id}
              label={optionName(variant.title, index)}
              data={matches}
              value={variant.matchId ?? null}
              onChange={(id) => onChange(withPair(element, variant.id, id))}
              clearable
            />
          ))}
        </Stack>
      );
    }
    case "order":
      return (
        <Stack gap={4}>
          <Text size="sm">{t("The correct order is the order the options are written in:")}</Text>
          <List type="ordered" size="sm">
            {variants.map((variant, index) => (
              <List.Item key={variant.id}>{optionName(variant.title, index)}</List.Item>
            ))}
          </List>
        </Stack>
      );
    case "gaps": {
      const gaps = gapsOf(element);
      return (
        <Stack gap={4}>
          <Textarea
            label={t("Text with gaps")}
            description={t("Write each gap as [[its correct word]]")}
            autosize
            minRows={2}
            value={settings.gapText ?? ""}
            onChange={(event) =>
              onChange({ fieldSettings: { ...settings, gapText: event.currentTarget.value } })
            }
          />
          <Text size="xs" c="dimmed">
            {gaps.length > 0 ? t("Correct words: {{words}}", { words: gaps.join(", ") }) : t("No gaps yet")}
          </Text>
        </Stack>
      );
    }
    case "ticked":
      return <Text size="sm">{t("A ticked box is the correct answer.")}</Text>;
  }
}
