import { DEFAULT_TEXTS } from "@formloom/core/defaults";
import type { TAnswerVariant } from "@formloom/core/element-schema";
import type { Locale } from "@formloom/core/locales";
import { startingText } from "@formloom/core/new-field-texts";
import { Checkbox, Group, Select, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeSettings, type EditorProps, ItemsEditor, newItemId } from "./controls.tsx";

interface Options {
  label?: string;
  addLabel?: string;
  itemName?: (n: number) => string;
  /** What a correct option means here; omitted where there is no right answer to mark. */
  correct?: boolean;
  value?: boolean;
  defaultChecked?: boolean;
  image?: boolean;
  /** correspondence: the right-hand item each option matches. */
  matches?: ReadonlyArray<{ id: string; title: string }>;
  min?: number;
}

/** An option added to a list, named in the form's language as the field's first options were. */
export function newVariant(index: number, locale: Locale = "en"): TAnswerVariant {
  return {
    id: newItemId("v"),
    title: startingText(`${DEFAULT_TEXTS.newVariant} ${index + 1}`, locale),
    value: String(index + 1),
    checkValue: false,
    defaultChecked: false,
  };
}

/** The element's answer variants with whichever of their properties this type uses. */
export function VariantList({ checked, quiz, locale, options = {} }: EditorProps & { options?: Options }) {
  const { t } = useTranslation();
  // Marking options correct belongs to a calculation form; elsewhere nothing would count it.
  const correct = options.correct === true && quiz;
  const variants = checked.element.fieldSettings.answerVariants ?? [];
  const at = (index: number, key: string) => checked.error(`fieldSettings.answerVariants.${index}.${key}`);
  const itemName = options.itemName ?? ((n: number) => t("Option {{n}}", { n }));
  return (
    <ItemsEditor
      label={options.label ?? t("Answer options")}
      addLabel={options.addLabel ?? t("Add option")}
      items={variants}
      min={options.min ?? 1}
      error={checked.error("fieldSettings.answerVariants")}
      itemName={(index) => itemName(index + 1)}
      removeLabel={options.itemName ? undefined : (index) => t("Remove option {{n}}", { n: index + 1 })}
      create={(index) => newVariant(index, locale)}
      onChange={(answerVariants) => changeSettings(checked, { answerVariants })}
      withText={(variant, title) => ({ ...variant, title })}
      render={(variant, index, update, keys) => (
        <>
          <TextInput
            {...keys}
            size="xs"
            aria-label={t("Text of {{name}}", { name: itemName(index + 1) })}
            value={variant.title}
            error={at(index, "title")}
            onChange={(e) => update({ title: e.currentTarget.value })}
          />
          {options.image && (
            <TextInput
              size="xs"
              label={t("Picture address")}
              placeholder="https://…"
              value={variant.image ?? ""}
              error={at(index, "image")}
              onChange={(e) => update({ image: e.currentTarget.value || undefined })}
            />
          )}
          {options.matches && (
            <Select
              size="xs"
              label={t("Matches")}
              placeholder={t("No match")}
              clearable
              data={options.matches.map((m) => ({ value: m.id, label: m.title || m.id }))}
              value={variant.matchId ?? null}
              onChange={(matchId) => update({ matchId: matchId ?? undefined })}
            />
          )}
          {(options.value || correct || options.defaultChecked) && (
            <Group gap="xs" wrap="wrap">
              {options.value && (
                <TextInput
                  size="xs"
                  w={90}
                  aria-label={t("Value of {{name}}", { name: itemName(index + 1) })}
                  placeholder={t("Value")}
                  value={variant.value}
                  error={at(index, "value")}
                  onChange={(e) => update({ value: e.currentTarget.value })}
                />
              )}
              {correct && (
                <Checkbox
                  size="xs"
                  label={t("Correct")}
                  checked={variant.checkValue}
                  onChange={(e) => update({ checkValue: e.currentTarget.checked })}
                />
              )}
              {options.defaultChecked && (
                <Checkbox
                  size="xs"
                  label={t("Chosen at first")}
                  checked={variant.defaultChecked}
                  onChange={(e) => update({ defaultChecked: e.currentTarget.checked })}
                />
              )}
            </Group>
          )}
        </>
      )}
    />
  );
}

/** A typed number as a correct answer's value: the same number, or nothing where it is none. */
function numberValue(text: string): string {
  const trimmed = text.trim().replace(",", ".");
  const number = Number(trimmed);
  return trimmed !== "" && Number.isFinite(number) ? String(number) : "";
}

/**
 * The right answers of a typed answer (text or number), on a calculation form only. Each answer
 * written is a correct one, with no tick apart; a number is marked against the number written.
 */
export function CorrectAnswerList({ checked, quiz }: EditorProps) {
  const { t } = useTranslation();
  if (!quiz) return null;
  const numeric = checked.element.fieldType === "number";
  const answers = checked.element.fieldSettings.answerVariants ?? [];
  const itemName = (n: number) => t("Correct answer {{n}}", { n });
  return (
    <ItemsEditor
      label={t("Correct answers")}
      addLabel={t("Add a correct answer")}
      items={answers}
      itemName={(index) => itemName(index + 1)}
      error={checked.error("fieldSettings.answerVariants")}
      create={() => ({ id: newItemId("v"), title: "", value: "", checkValue: true, defaultChecked: false })}
      // Answers kept from before, written but left unticked, count once the list is edited.
      onChange={(next) =>
        changeSettings(checked, { answerVariants: next.map((answer) => ({ ...answer, checkValue: true })) })
      }
      render={(answer, index, update) => (
        <TextInput
          size="xs"
          aria-label={t("Text of {{name}}", { name: itemName(index + 1) })}
          inputMode={numeric ? "decimal" : undefined}
          value={answer.title}
          error={checked.error(`fieldSettings.answerVariants.${index}.title`)}
          onChange={(e) => {
            const title = e.currentTarget.value;
            update(numeric ? { title, value: numberValue(title) } : { title });
          }}
        />
      )}
    />
  );
}
