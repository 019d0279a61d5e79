import type { TFormSettings } from "@formloom/core/form-schema";
import { setNumbering } from "@formloom/core/form-state";
import { type NumberingMode, numberLabel } from "@formloom/core/numbering";
import { DEFAULT_QUESTION_COUNT, setQuestionsOutputting } from "@formloom/core/question-output";
import { Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DraftSettings } from "../use-form-draft.ts";
import type { SectionProps } from "./types.ts";

/** Which questions a respondent sees, in what order and with what numbers, and how the form is paged. */
export function QuestionsSection({ settings, errors, onChange, onDisplay }: SectionProps) {
  const { t } = useTranslation();
  const part = settings.questionsOutputting !== "all";
  const count = part ? (settings.questionsOutputting as number) : DEFAULT_QUESTION_COUNT;
  const numbering = settings.questionsNumbering;
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="questions-output-label">
          {t("Questions shown")}
        </Text>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <SegmentedControl
            aria-labelledby="questions-output-label"
            value={part ? "part" : "all"}
            onChange={(mode) =>
              onChange({ questionsOutputting: setQuestionsOutputting(mode as "all" | "part") })
            }
            data={[
              { value: "all", label: t("All") },
              { value: "part", label: t("Some of them") },
            ]}
          />
          {part && (
            <NumberInput
              aria-label={t("Number of questions shown")}
              w={110}
              min={1}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              value={count}
              error={errors.questionsOutputting}
              onChange={(value) =>
                onChange({
                  questionsOutputting: setQuestionsOutputting(
                    "part",
                    typeof value === "number" && value >= 1 ? value : DEFAULT_QUESTION_COUNT,
                  ),
                })
              }
            />
          )}
        </Group>
        {part && (
          <Text size="xs" c="dimmed">
            {t("Each respondent gets this many questions, picked at random")}
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="questions-order-label">
          {t("Question order")}
        </Text>
        <SegmentedControl
          aria-labelledby="questions-order-label"
          value={settings.questionsOrder}
          onChange={(value) => onChange({ questionsOrder: value as DraftSettings["questionsOrder"] })}
          data={[
            { value: "ordered", label: t("As built") },
            { value: "random", label: t("Random") },
          ]}
        />
      </Stack>
      <Select
        label={t("Question numbering")}
        allowDeselect={false}
        value={numbering}
        data={[
          { value: "notShow", label: t("Not shown") },
          { value: "numbers", label: t("Numbers: 1. 2. 3.") },
          { value: "letters", label: t("Letters: A. B. C.") },
          { value: "roman", label: t("Roman numerals: I. II. III.") },
          { value: "custom", label: t("My own template") },
        ]}
        onChange={(value) => {
          const next = setNumbering(settings as TFormSettings, (value ?? "notShow") as NumberingMode);
          onChange({
            questionsNumbering: next.questionsNumbering,
            questionsNumberingTemplate: next.questionsNumberingTemplate,
          });
        }}
      />
      {numbering === "custom" && (
        <TextInput
          label={t("Numbering template")}
          description={t("{n} is the number, {A} a letter, {I} a Roman numeral. Example: {{example}}", {
            example: `Q{n}. → ${numberLabel("custom", 1, "Q{n}.")}`,
          })}
          placeholder="{n}."
          maxLength={100}
          value={settings.questionsNumberingTemplate}
          error={errors.questionsNumberingTemplate}
          onChange={(e) => onChange({ questionsNumberingTemplate: e.currentTarget.value })}
        />
      )}
      <Switch
        label={t("Stars on required fields")}
        checked={settings.isRequiredFieldStarsShown}
        onChange={(e) => onChange({ isRequiredFieldStarsShown: e.currentTarget.checked })}
      />
      <Select
        label={t("Display")}
        description={t("Steps and pages follow the page breaks you place in the form")}
        allowDeselect={false}
        value={settings.display}
        data={[
          { value: "all", label: t("Single page") },
          { value: "stepByStep", label: t("Step by step") },
          { value: "severalPages", label: t("Several pages") },
        ]}
        onChange={(value) => onDisplay((value ?? "all") as DraftSettings["display"])}
      />
    </Stack>
  );
}
