import { setNumberFormat } from "@formloom/core/form-state";
import { Group, NumberInput, SegmentedControl, Stack, TagsInput, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeLimits, changeSettings, type EditorProps, ItemsEditor, num } from "./controls.tsx";
import { PlaceholderInput } from "./text-settings.tsx";
import { CorrectAnswerList } from "./variant-list.tsx";

const CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "JPY",
  "CNY",
  "RUB",
  "UAH",
  "PLN",
  "CZK",
  "SEK",
  "NOK",
  "DKK",
  "CAD",
  "AUD",
  "INR",
  "BRL",
  "TRY",
];

/** Minimum, maximum and step of a number answer. */
export function RangeLimits({ checked, step = true }: EditorProps & { step?: boolean }) {
  const { t } = useTranslation();
  const limits = checked.element.validationSettings;
  return (
    <Group grow align="flex-start">
      <NumberInput
        label={t("Minimum")}
        value={limits.min ?? ""}
        error={checked.error("validationSettings.min")}
        onChange={(v) => changeLimits(checked, { min: num(v) })}
      />
      <NumberInput
        label={t("Maximum")}
        value={limits.max ?? ""}
        error={checked.error("validationSettings.max")}
        onChange={(v) => changeLimits(checked, { max: num(v) })}
      />
      {step && (
        <NumberInput
          label={t("Step")}
          min={0}
          value={limits.step ?? ""}
          error={checked.error("validationSettings.step")}
          onChange={(v) => changeLimits(checked, { step: num(v) })}
        />
      )}
    </Group>
  );
}

export function NumberSettings(props: EditorProps) {
  const { t } = useTranslation();
  const { checked } = props;
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("Decimal separator")}
        </Text>
        <SegmentedControl
          value={checked.element.fieldSettings.numberFormat ?? "decimal"}
          onChange={(value) =>
            checked.replace(setNumberFormat(checked.element, value as "decimal" | "comma"))
          }
          data={[
            { value: "decimal", label: t("Point (1.5)") },
            { value: "comma", label: t("Comma (1,5)") },
          ]}
        />
      </Stack>
      <PlaceholderInput {...props} />
      <RangeLimits {...props} />
      <CorrectAnswerList {...props} />
    </>
  );
}

export function CurrencySettings(props: EditorProps) {
  const { t } = useTranslation();
  const { checked } = props;
  const settings = checked.element.fieldSettings;
  const codes = (values: string[]) => values.map((v) => v.trim().toUpperCase()).filter((v) => v.length > 0);
  return (
    <>
      <TagsInput
        label={t("Currencies offered")}
        description={t("Three-letter codes, such as EUR")}
        data={CURRENCIES}
        value={settings.chosenCurrencies ?? []}
        error={
          checked.error("fieldSettings.chosenCurrencies") ??
          firstItemError(checked, "chosenCurrencies", settings.chosenCurrencies)
        }
        onChange={(v) => changeSettings(checked, { chosenCurrencies: codes(v) })}
      />
      <TagsInput
        label={t("Other currencies known")}
        description={t("Offered when none are chosen above")}
        data={CURRENCIES}
        value={settings.typesOfCurrencies ?? []}
        error={
          checked.error("fieldSettings.typesOfCurrencies") ??
          firstItemError(checked, "typesOfCurrencies", settings.typesOfCurrencies)
        }
        onChange={(v) => changeSettings(checked, { typesOfCurrencies: codes(v) })}
      />
      <RangeLimits {...props} />
    </>
  );
}

function firstItemError(checked: EditorProps["checked"], key: string, items: readonly unknown[] | undefined) {
  for (let i = 0; i < (items?.length ?? 0); i++) {
    const found = checked.error(`fieldSettings.${key}.${i}`);
    if (found) return found;
  }
  return undefined;
}

/** Words at points of a scale: its ends' labels (and a score scale's range). */
export function MarkersEditor({ checked, label }: EditorProps & { label?: string }) {
  const { t } = useTranslation();
  const markers = checked.element.fieldSettings.markers ?? [];
  return (
    <ItemsEditor
      label={label ?? t("Marks on the scale")}
      addLabel={t("Add a mark")}
      items={markers}
      itemName={(index) => t("Mark {{n}}", { n: index + 1 })}
      error={checked.error("fieldSettings.markers")}
      create={(index) => ({ value: index === 0 ? 1 : (markers.at(-1)?.value ?? 0) + 1, label: "" })}
      onChange={(next) => changeSettings(checked, { markers: next })}
      render={(marker, index, update) => (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <NumberInput
            size="xs"
            w={80}
            aria-label={t("Value of {{name}}", { name: t("Mark {{n}}", { n: index + 1 }) })}
            value={marker.value}
            onChange={(v) => update({ value: num(v) ?? 0 })}
          />
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={t("Text of {{name}}", { name: t("Mark {{n}}", { n: index + 1 }) })}
            placeholder={t("Label")}
            value={marker.label}
            error={checked.error(`fieldSettings.markers.${index}.label`)}
            onChange={(e) => update({ label: e.currentTarget.value })}
          />
        </Group>
      )}
    />
  );
}

export function SliderSettings(props: EditorProps) {
  const { t } = useTranslation();
  return (
    <>
      <RangeLimits {...props} />
      <TextInput
        label={t("Units")}
        placeholder={t("e.g. km")}
        value={props.checked.element.fieldSettings.units ?? ""}
        error={props.checked.error("fieldSettings.units")}
        onChange={(e) => changeSettings(props.checked, { units: e.currentTarget.value || undefined })}
      />
      <MarkersEditor {...props} />
    </>
  );
}

export function RateSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t("Number of stars")}
      allowDecimal={false}
      value={checked.element.fieldSettings.maxRating ?? 5}
      error={checked.error("fieldSettings.maxRating")}
      onChange={(v) => changeSettings(checked, { maxRating: num(v) })}
    />
  );
}

export function ScoringSettings(props: EditorProps) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="xs" c="dimmed">
        {t("The lowest and highest marks are the ends of the scale (1 to 10 without marks).")}
      </Text>
      <MarkersEditor {...props} />
    </>
  );
}

export function NpsSettings(props: EditorProps) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="xs" c="dimmed">
        {t("The scale runs from 0 to 10; marks at 0 and 10 replace the words at its ends.")}
      </Text>
      <MarkersEditor {...props} label={t("Words at the ends")} />
    </>
  );
}
