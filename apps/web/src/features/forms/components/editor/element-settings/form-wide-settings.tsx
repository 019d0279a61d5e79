import type { TElement } from "@formloom/core/element-schema";
import type { TFormSettings } from "@formloom/core/form-schema";
import { setDisplay, setNumbering } from "@formloom/core/form-state";
import { NUMBERING_MODES, type NumberingMode } from "@formloom/core/numbering";
import { DEFAULT_QUESTION_COUNT, setQuestionsOutputting } from "@formloom/core/question-output";
import { Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DraftSettings } from "../use-form-draft.ts";
import { num, Section } from "./controls.tsx";

/** The form's settings an element's window also shows, changed through the draft in one step. */
export interface FormAccess {
  settings: DraftSettings;
  change(settings: Partial<DraftSettings>, fields?: TElement[]): void;
}

/** Core's display switch: back to one page drops the page breaks. */
export function displayPatch(fields: readonly TElement[], display: TFormSettings["display"]) {
  return { settings: { display }, fields: setDisplay(fields, display) };
}

/** Numbering, how many questions each respondent gets, and stars on required fields. */
export function FormWideSettings({ form }: { form: FormAccess }) {
  const { t } = useTranslation();
  const { settings } = form;
  const numbering = (mode: NumberingMode, template?: string) => {
    const next = setNumbering(settings as TFormSettings, mode, template);
    form.change({
      questionsNumbering: next.questionsNumbering,
      questionsNumberingTemplate: next.questionsNumberingTemplate,
    });
  };
  const labels: Record<NumberingMode, string> = {
    notShow: t("No numbers"),
    numbers: t("1, 2, 3"),
    letters: t("A, B, C"),
    roman: t("I, II, III"),
    custom: t("Own template"),
  };
  const part = settings.questionsOutputting !== "all";
  return (
    <Section title={t("All questions of the form")}>
      <Select
        label={t("Question numbering")}
        data={NUMBERING_MODES.map((mode) => ({ value: mode, label: labels[mode] }))}
        value={settings.questionsNumbering}
        allowDeselect={false}
        onChange={(mode) => mode && numbering(mode as NumberingMode)}
      />
      {settings.questionsNumbering === "custom" && (
        <TextInput
          label={t("Numbering template")}
          description={t("{n} stands for the number, as in Q{n}.")}
          value={settings.questionsNumberingTemplate}
          error={
            settings.questionsNumberingTemplate.length > 100
              ? t("Use at most {{n}} characters", { n: 100 })
              : undefined
          }
          onChange={(e) => numbering("custom", e.currentTarget.value)}
        />
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("Questions each respondent gets")}
        </Text>
        <Group gap="xs" align="center">
          <SegmentedControl
            value={part ? "part" : "all"}
            onChange={(mode) =>
              form.change({ questionsOutputting: setQuestionsOutputting(mode as "all" | "part") })
            }
            data={[
              { value: "all", label: t("All") },
              { value: "part", label: t("Only some") },
            ]}
          />
          {part && (
            <NumberInput
              aria-label={t("How many questions")}
              w={90}
              min={1}
              allowDecimal={false}
              value={
                settings.questionsOutputting === "all" ? DEFAULT_QUESTION_COUNT : settings.questionsOutputting
              }
              onChange={(v) =>
                form.change({
                  questionsOutputting: setQuestionsOutputting("part", num(v) ?? DEFAULT_QUESTION_COUNT),
                })
              }
            />
          )}
        </Group>
      </Stack>
      <Switch
        label={t("Stars on required fields")}
        checked={settings.isRequiredFieldStarsShown}
        onChange={(e) => form.change({ isRequiredFieldStarsShown: e.currentTarget.checked })}
      />
    </Section>
  );
}
