import type { TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import type { TFormSettings } from "@formloom/core/form-schema";
import { Select, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LayoutPicker } from "./layout-picker.tsx";
import { columnChoices, columnShown, placeableElements } from "./layout-shapes.ts";

type LayoutSettings = Pick<TFormSettings, "layoutType">;

interface Props {
  settings: LayoutSettings;
  fields: readonly TElement[];
  onSettings(patch: Partial<LayoutSettings>): void;
  onField(id: string, patch: Partial<TElement>): void;
}

/** The "Layout" tab: the form's layout, and the column each element goes in when there are several. */
export function LayoutPanel({ settings, fields, onSettings, onField }: Props) {
  const { t } = useTranslation();
  const layout = settings.layoutType;
  const choices = columnChoices(layout);
  const columnNames: Record<string, string> = {
    "col-first": t("Next free column"),
    "col-second": t("Column 2"),
    "col-third": t("Column 3"),
    "col-fourth": t("Column 4"),
  };
  const elements = placeableElements(fields);
  const name = (element: TElement) =>
    element.question.trim() || element.title.trim() || t(fieldTypes[element.fieldType].label);

  return (
    <Stack gap="md">
      <LayoutPicker value={layout} onChange={(layoutType) => onSettings({ layoutType })} />
      {choices.length > 1 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t("Columns of the elements")}
          </Title>
          <Text size="xs" c="dimmed">
            {t("On narrow screens the columns fold into one, in the order of the list.")}
          </Text>
          {elements.map((element) => (
            <Select
              key={element.id}
              label={name(element)}
              data={choices.map((value) => ({ value, label: columnNames[value] ?? value }))}
              value={columnShown(element, layout)}
              allowDeselect={false}
              onChange={(fieldColumn) => fieldColumn && onField(element.id, { fieldColumn })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
