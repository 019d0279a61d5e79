import type { FieldType, TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import type { TFormSettings } from "@formloom/core/form-schema";
import type { TStyle } from "@formloom/core/style-schema";
import { clearAllStyling, removeCustomStyling, rollbackStyling } from "@formloom/core/styling";
import { Button, Group, SegmentedControl, Select, Stack, Switch, Text } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StyleEditor } from "./style-editor.tsx";

export type StylingSettings = Pick<
  TFormSettings,
  "formStyling" | "fieldsGeneralStyling" | "fieldsTypesStyling" | "formColor" | "themeId"
>;

interface Props {
  settings: StylingSettings;
  fields: TElement[];
  selected: TElement | undefined;
  onSettings(patch: Partial<StylingSettings>): void;
  onFields(fields: TElement[]): void;
  onField(id: string, patch: Partial<TElement>): void;
}

type Level = "form" | "all" | "type" | "element";

/** What a reset changed, to put back with Undo. */
interface Undo {
  label: string;
  settings: Partial<StylingSettings>;
  fields: TElement[];
}

/**
 * The styling editor at its levels (forms.md §3, §4): the form, all fields, one field type, and one
 * element with its own custom-styling switch. Each change lands in the draft, so the preview
 * shows it at once; remove-custom, rollback and clear-all can be undone.
 */
export function StylingLevels({ settings, fields, selected, onSettings, onFields, onField }: Props) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<Level>("form");
  const typesInForm = [...new Set(fields.map((field) => field.fieldType))];
  const [chosenType, setChosenType] = useState<FieldType | undefined>(typesInForm[0]);
  const type = chosenType ?? selected?.fieldType ?? typesInForm[0];
  const [undo, setUndo] = useState<Undo | undefined>();

  const snapshot = (label: string) =>
    setUndo({
      label,
      settings: {
        formStyling: settings.formStyling,
        fieldsGeneralStyling: settings.fieldsGeneralStyling,
        fieldsTypesStyling: settings.fieldsTypesStyling,
        themeId: settings.themeId,
      },
      fields,
    });
  const formBackground =
    typeof settings.formStyling.background === "string" ? settings.formStyling.background : "#ffffff";

  const editor = () => {
    if (level === "form")
      return (
        <StyleEditor
          key="form"
          level="form"
          value={settings.formStyling}
          onChange={(formStyling) => onSettings({ formStyling })}
        />
      );
    if (level === "all")
      return (
        <StyleEditor
          key="all"
          level="fields"
          value={settings.fieldsGeneralStyling}
          inheritedBackground={formBackground}
          onChange={(fieldsGeneralStyling) => onSettings({ fieldsGeneralStyling })}
        />
      );
    if (level === "type")
      return type ? (
        <StyleEditor
          key={`type-${type}`}
          level="fields"
          value={settings.fieldsTypesStyling[type] ?? {}}
          inheritedBackground={formBackground}
          fieldType={type}
          onChange={(style) =>
            onSettings({ fieldsTypesStyling: { ...settings.fieldsTypesStyling, [type]: style } })
          }
        />
      ) : null;
    if (!selected)
      return (
        <Text size="sm" c="dimmed">
          {t("Select a field in the preview to style it alone.")}
        </Text>
      );
    const custom = selected.styleSettings.hasCustomStyling;
    return (
      <Stack gap="xs">
        <Switch
          label={t("Custom styling for “{{name}}”", {
            name: selected.question || selected.title || selected.fieldType,
          })}
          checked={custom}
          onChange={(event) =>
            onField(selected.id, {
              styleSettings: { ...selected.styleSettings, hasCustomStyling: event.currentTarget.checked },
            })
          }
        />
        {custom && (
          <StyleEditor
            key={`element-${selected.id}`}
            level="fields"
            value={selected.styleSettings.fieldsStyling as TStyle}
            inheritedBackground={formBackground}
            fieldType={selected.fieldType === "matrix" ? "matrix" : undefined}
            onChange={(style) =>
              onField(selected.id, { styleSettings: { ...selected.styleSettings, fieldsStyling: style } })
            }
          />
        )}
      </Stack>
    );
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        size="xs"
        value={level}
        onChange={(next) => setLevel(next as Level)}
        aria-label={t("Styling level")}
        data={[
          { value: "form", label: t("Form") },
          { value: "all", label: t("All fields") },
          { value: "type", label: t("Field type") },
          { value: "element", label: t("This field") },
        ]}
      />
      {level === "type" && (
        <Select
          label={t("Field type")}
          data={typesInForm.map((value) => ({ value, label: t(fieldTypes[value].label) }))}
          value={type ?? null}
          onChange={(next) => next && setChosenType(next as FieldType)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {editor()}
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("Reset the styling")}
        </Text>
        <Button
          variant="default"
          size="xs"
          disabled={!selected?.styleSettings.hasCustomStyling}
          onClick={() => {
            if (!selected) return;
            snapshot(t("The field's own styling was removed"));
            onField(selected.id, removeCustomStyling(selected));
          }}
        >
          {t("Remove this field's own styling")}
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={level !== "type" || !type || !settings.fieldsTypesStyling[type]}
          onClick={() => {
            if (!type) return;
            snapshot(t("The field type's styling was rolled back"));
            const { [type]: _dropped, ...rest } = settings.fieldsTypesStyling;
            onSettings({ fieldsTypesStyling: rest });
          }}
        >
          {t("Roll back this field type")}
        </Button>
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            snapshot(t("The styling was rolled back to the defaults"));
            onSettings({ ...rollbackStyling(), themeId: null });
          }}
        >
          {t("Roll back to the default styling")}
        </Button>
        <Button
          variant="default"
          color="red"
          size="xs"
          onClick={() => {
            snapshot(t("All styling was cleared"));
            const cleared = clearAllStyling(fields);
            onSettings({ ...cleared.slots, themeId: null });
            onFields(cleared.elements);
          }}
        >
          {t("Clear all styling")}
        </Button>
        {undo && (
          <Group gap="xs" role="status">
            <Text size="sm">{undo.label}</Text>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => {
                onSettings(undo.settings);
                onFields(undo.fields);
                setUndo(undefined);
              }}
            >
              {t("Undo")}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
