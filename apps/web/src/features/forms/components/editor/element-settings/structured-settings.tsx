import type { TMatrixQuestion } from "@formloom/core/element-schema";
import { gapsOf } from "@formloom/core/field-types/gap-text";
import { MultiSelect, Select, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeSettings, type EditorProps, ItemsEditor, newItemId } from "./controls.tsx";
import { VariantList } from "./variant-list.tsx";

/** Rows of questions answered on one scale of columns; each row may take one or several columns. */
export function MatrixSettings(props: EditorProps) {
  const { t } = useTranslation();
  const { checked } = props;
  const rows = checked.element.fieldSettings.questions ?? [];
  const columns = (checked.element.fieldSettings.answerVariants ?? []).map((v) => ({
    value: v.id,
    label: v.title || v.id,
  }));
  const at = (index: number, key: string) => checked.error(`fieldSettings.questions.${index}.${key}`);
  return (
    <>
      <ItemsEditor<TMatrixQuestion>
        label={t("Rows")}
        addLabel={t("Add row")}
        items={rows}
        min={1}
        itemName={(index) => t("Row {{n}}", { n: index + 1 })}
        error={checked.error("fieldSettings.questions")}
        create={(index) => ({
          id: newItemId("q"),
          question: `${t("Row {{n}}", { n: index + 1 })}`,
          answerValue: "",
          answerMultipleValues: [],
          multiple: false,
        })}
        onChange={(questions) => changeSettings(checked, { questions })}
        render={(row, index, update) => (
          <>
            <TextInput
              size="xs"
              aria-label={t("Text of {{name}}", { name: t("Row {{n}}", { n: index + 1 }) })}
              value={row.question}
              error={at(index, "question")}
              onChange={(e) => update({ question: e.currentTarget.value })}
            />
            <Switch
              size="xs"
              label={t("Several columns per row")}
              checked={row.multiple}
              onChange={(e) =>
                update({ multiple: e.currentTarget.checked, answerValue: "", answerMultipleValues: [] })
              }
            />
            {!props.quiz ? null : row.multiple ? (
              <MultiSelect
                size="xs"
                label={t("Correct columns")}
                data={columns}
                value={row.answerMultipleValues}
                onChange={(answerMultipleValues) => update({ answerMultipleValues })}
              />
            ) : (
              <Select
                size="xs"
                label={t("Correct column")}
                clearable
                data={columns}
                value={row.answerValue || null}
                onChange={(value) => update({ answerValue: value ?? "" })}
              />
            )}
          </>
        )}
      />
      <VariantList
        {...props}
        options={{
          label: t("Columns"),
          addLabel: t("Add column"),
          itemName: (n) => t("Column {{n}}", { n }),
        }}
      />
    </>
  );
}

/** Left-hand options, each matched to one of the right-hand items. */
export function CorrespondenceSettings(props: EditorProps) {
  const { t } = useTranslation();
  const { checked } = props;
  const matches = checked.element.fieldSettings.matches ?? [];
  return (
    <>
      <VariantList {...props} options={{ matches }} />
      <ItemsEditor
        label={t("Items to match them to")}
        addLabel={t("Add item")}
        items={matches}
        min={1}
        itemName={(index) => t("Item {{n}}", { n: index + 1 })}
        error={checked.error("fieldSettings.matches")}
        create={(index) => ({ id: newItemId("m"), title: t("Item {{n}}", { n: index + 1 }) })}
        onChange={(next) => {
          // An option matched to an item that is gone matches nothing.
          const ids = new Set(next.map((m) => m.id));
          const answerVariants = (checked.element.fieldSettings.answerVariants ?? []).map((v) =>
            v.matchId && !ids.has(v.matchId) ? { ...v, matchId: undefined } : v,
          );
          changeSettings(checked, { matches: next, answerVariants });
        }}
        render={(item, index, update) => (
          <TextInput
            size="xs"
            aria-label={t("Text of {{name}}", { name: t("Item {{n}}", { n: index + 1 }) })}
            value={item.title}
            error={checked.error(`fieldSettings.matches.${index}.title`)}
            onChange={(e) => update({ title: e.currentTarget.value })}
          />
        )}
      />
    </>
  );
}

/** The text with its gaps written as [[word]]; the word is the correct answer. */
export function GapTextSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  const gaps = gapsOf(checked.element);
  return (
    <>
      <Textarea
        label={t("Text with gaps")}
        description={t("Write each gap as [[word]]; the word in brackets is the correct answer.")}
        autosize
        minRows={3}
        value={checked.element.fieldSettings.gapText ?? ""}
        error={checked.error("fieldSettings.gapText")}
        onChange={(e) => changeSettings(checked, { gapText: e.currentTarget.value })}
      />
      <Text size="xs" c="dimmed">
        {t("Gaps: {{n}}", { n: gaps.length })}
      </Text>
    </>
  );
}
