import { setImageChoiceMultiple } from "@formloom/core/form-state";
import { Group, NumberInput, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeSettings, type EditorProps, num } from "./controls.tsx";
import { VariantList } from "./variant-list.tsx";

const SEVERAL = new Set(["checkbox", "multipleChoice"]);

/** Radio buttons, checkboxes, drop-down lists, multiple choice and image choice. */
export function ChoiceSettings(props: EditorProps) {
  const { t } = useTranslation();
  const { checked } = props;
  const { fieldType, fieldSettings } = checked.element;
  const isImage = fieldType === "imageChoice";
  const several = SEVERAL.has(fieldType) || (isImage && fieldSettings.multiple === true);
  return (
    <>
      {isImage && (
        <Switch
          label={t("Several pictures may be chosen")}
          checked={fieldSettings.multiple === true}
          onChange={(e) => checked.replace(setImageChoiceMultiple(checked.element, e.currentTarget.checked))}
        />
      )}
      <VariantList
        {...props}
        options={{ correct: true, value: true, defaultChecked: true, image: isImage }}
      />
      <Switch
        label={t("Offer “Other” with the respondent's own text")}
        checked={fieldSettings.hasOtherVariant === true}
        onChange={(e) => changeSettings(checked, { hasOtherVariant: e.currentTarget.checked })}
      />
      {several && (
        <Group grow align="flex-start">
          <NumberInput
            label={t("At least chosen")}
            min={0}
            allowDecimal={false}
            value={fieldSettings.minChoices ?? ""}
            error={checked.error("fieldSettings.minChoices")}
            onChange={(v) => changeSettings(checked, { minChoices: num(v) })}
          />
          <NumberInput
            label={t("At most chosen")}
            min={1}
            allowDecimal={false}
            value={fieldSettings.maxChoices ?? ""}
            error={checked.error("fieldSettings.maxChoices")}
            onChange={(v) => changeSettings(checked, { maxChoices: num(v) })}
          />
        </Group>
      )}
    </>
  );
}

/** Options the respondent puts in order; the order written here is the correct one. */
export function SortableSettings(props: EditorProps) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="xs" c="dimmed">
        {t("Write the options in their correct order.")}
      </Text>
      <VariantList {...props} options={{ value: true }} />
    </>
  );
}
