import { setPatronymic } from "@formloom/core/form-state";
import { parseFormula } from "@formloom/core/formula";
import {
  DEFAULT_RECORDING_SECONDS,
  isMediaQuestionType,
  RECORDING_SECONDS_RANGE,
} from "@formloom/core/media-questions";
import {
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeSettings, type EditorProps, ItemsEditor, newItemId, num } from "./controls.tsx";

export function DateTimeSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("Ask for")}
      </Text>
      <SegmentedControl
        value={checked.element.fieldSettings.dateTimeMode ?? "date"}
        onChange={(value) => changeSettings(checked, { dateTimeMode: value as "date" | "time" | "datetime" })}
        data={[
          { value: "date", label: t("Date") },
          { value: "time", label: t("Time") },
          { value: "datetime", label: t("Date and time") },
        ]}
      />
    </Stack>
  );
}

export function DecisionBoxSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  const label = checked.element.fieldLabel;
  return (
    <TextInput
      label={t("Box label")}
      placeholder={t("Yes")}
      value={label === "field label" ? "" : label}
      error={checked.error("fieldLabel")}
      onChange={(e) => checked.change({ fieldLabel: e.currentTarget.value })}
    />
  );
}

export function InitialsSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t("Ask for a patronymic")}
      checked={checked.element.fieldSettings.showPatronymic === true}
      onChange={(e) => checked.replace(setPatronymic(checked.element, e.currentTarget.checked))}
    />
  );
}

const COLOUR = /^(#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\([\d\s.,]+\))$/i;

export function ColourSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  const colours = checked.element.fieldSettings.predefineColors ?? [];
  const bad = colours.find((c) => !COLOUR.test(c.trim()));
  return (
    <TagsInput
      label={t("Colours to choose from")}
      description={t("Such as #ff0000; empty lets respondents pick any colour")}
      value={colours}
      error={
        checked.error("fieldSettings.predefineColors") ??
        (bad ? t("“{{value}}” is not a colour", { value: bad }) : undefined)
      }
      onChange={(v) => changeSettings(checked, { predefineColors: v.map((c) => c.trim()).filter(Boolean) })}
    />
  );
}

/** Uploads, photos, audio and video: which files and how large. */
export function FileSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  const settings = checked.element.fieldSettings;
  return (
    <>
      <TagsInput
        label={t("Accepted file types")}
        description={t("Extensions or types, such as .pdf or image/*; empty accepts this field's usual kind")}
        value={settings.accept ?? []}
        error={checked.error("fieldSettings.accept")}
        onChange={(v) => changeSettings(checked, { accept: v.length ? v : undefined })}
      />
      <NumberInput
        label={t("Largest file, MB")}
        min={0}
        max={1024}
        value={settings.maxFileSizeMb ?? ""}
        error={checked.error("fieldSettings.maxFileSizeMb")}
        onChange={(v) => changeSettings(checked, { maxFileSizeMb: num(v) })}
      />
      {isMediaQuestionType(checked.element.fieldType) && (
        <NumberInput
          label={t("Longest recording, s")}
          description={t(
            "When the form asks video and audio questions, a recording stops by itself at this length; {{seconds}} s unless set",
            { seconds: DEFAULT_RECORDING_SECONDS },
          )}
          min={RECORDING_SECONDS_RANGE.min}
          max={RECORDING_SECONDS_RANGE.max}
          allowDecimal={false}
          value={settings.maxRecordingSeconds ?? ""}
          error={checked.error("fieldSettings.maxRecordingSeconds")}
          onChange={(v) => changeSettings(checked, { maxRecordingSeconds: num(v) })}
        />
      )}
    </>
  );
}

/** A map to pick a point on (start view, tiles, saved places), or the device's own location. */
export function PlaceSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  const settings = checked.element.fieldSettings;
  const center = settings.center ?? { lat: 0, lng: 0 };
  const items = settings.savedItems ?? [];
  return (
    <>
      <Group grow align="flex-start">
        <NumberInput
          label={t("Latitude")}
          decimalScale={6}
          value={settings.center?.lat ?? ""}
          error={checked.error("fieldSettings.center.lat")}
          onChange={(v) => changeSettings(checked, { center: { ...center, lat: num(v) ?? 0 } })}
        />
        <NumberInput
          label={t("Longitude")}
          decimalScale={6}
          value={settings.center?.lng ?? ""}
          error={checked.error("fieldSettings.center.lng")}
          onChange={(v) => changeSettings(checked, { center: { ...center, lng: num(v) ?? 0 } })}
        />
        <NumberInput
          label={t("Zoom")}
          allowDecimal={false}
          value={settings.zoom ?? ""}
          error={checked.error("fieldSettings.zoom")}
          onChange={(v) => changeSettings(checked, { zoom: num(v) })}
        />
      </Group>
      <TextInput
        label={t("Map tiles address")}
        description={t("An https address with {z}, {x} and {y}; empty shows a plain grid")}
        placeholder="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
        value={settings.tileUrl ?? ""}
        error={
          checked.error("fieldSettings.tileUrl") ??
          (settings.tileUrl && !/^https:\/\/.*\{z\}.*\{x\}.*\{y\}/.test(settings.tileUrl)
            ? t("An https address with {z}, {x} and {y}")
            : undefined)
        }
        onChange={(e) => changeSettings(checked, { tileUrl: e.currentTarget.value || undefined })}
      />
      {checked.element.fieldType === "map" && (
        <ItemsEditor
          label={t("Places to choose from")}
          addLabel={t("Add a place")}
          items={items}
          itemName={(index) => t("Place {{n}}", { n: index + 1 })}
          error={checked.error("fieldSettings.savedItems")}
          create={(index) => ({
            id: newItemId("p"),
            title: t("Place {{n}}", { n: index + 1 }),
            position: { ...center },
          })}
          onChange={(savedItems) => changeSettings(checked, { savedItems })}
          render={(item, index, update) => (
            <>
              <TextInput
                size="xs"
                aria-label={t("Text of {{name}}", { name: t("Place {{n}}", { n: index + 1 }) })}
                value={item.title}
                error={checked.error(`fieldSettings.savedItems.${index}.title`)}
                onChange={(e) => update({ title: e.currentTarget.value })}
              />
              <Group grow gap={6}>
                <NumberInput
                  size="xs"
                  aria-label={t("Latitude")}
                  decimalScale={6}
                  value={item.position.lat}
                  error={checked.error(`fieldSettings.savedItems.${index}.position.lat`)}
                  onChange={(v) => update({ position: { ...item.position, lat: num(v) ?? 0 } })}
                />
                <NumberInput
                  size="xs"
                  aria-label={t("Longitude")}
                  decimalScale={6}
                  value={item.position.lng}
                  error={checked.error(`fieldSettings.savedItems.${index}.position.lng`)}
                  onChange={(v) => update({ position: { ...item.position, lng: num(v) ?? 0 } })}
                />
              </Group>
            </>
          )}
        />
      )}
    </>
  );
}

export function TimerSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t("Seconds to count down")}
      min={1}
      allowDecimal={false}
      value={checked.element.fieldSettings.seconds ?? ""}
      error={checked.error("fieldSettings.seconds")}
      onChange={(v) => changeSettings(checked, { seconds: num(v) })}
    />
  );
}

export function FormulaSettings({ checked, fields }: EditorProps) {
  const { t } = useTranslation();
  const formula = checked.element.fieldSettings.formula ?? "";
  let wrong = false;
  try {
    if (formula.trim()) parseFormula(formula);
  } catch {
    wrong = true;
  }
  const names = fields.filter((f) => f.formulaName && f.id !== checked.element.id).map((f) => f.formulaName);
  return (
    <>
      <TextInput
        label={t("Formula name")}
        description={t("How formulas and rules refer to this field")}
        value={checked.element.formulaName}
        error={checked.error("formulaName")}
        onChange={(e) => checked.change({ formulaName: e.currentTarget.value })}
      />
      <TextInput
        label={t("Formula")}
        description={
          names.length
            ? t("Other fields by their formula names: {{names}}", { names: names.join(", ") })
            : t("Give other fields formula names to use them here")
        }
        placeholder="price * count"
        ff="monospace"
        value={formula}
        error={
          checked.error("fieldSettings.formula") ?? (wrong ? t("This formula cannot be read") : undefined)
        }
        onChange={(e) => changeSettings(checked, { formula: e.currentTarget.value })}
      />
    </>
  );
}
