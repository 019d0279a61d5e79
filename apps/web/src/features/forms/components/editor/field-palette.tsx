import { FIELD_TYPES, type FieldType } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import { canRender } from "@formloom/renderer/field-components";
import { Button, SimpleGrid, Text } from "@mantine/core";
import {
  IconAdjustmentsHorizontal,
  IconAlignLeft,
  IconAt,
  IconCalendar,
  IconCheckbox,
  IconCircleDot,
  IconCode,
  IconForms,
  IconGauge,
  IconHeading,
  IconLetterCase,
  IconListCheck,
  IconLock,
  IconNumber,
  IconNumbers,
  IconPalette,
  IconPhone,
  IconQrcode,
  IconSelector,
  IconSend,
  IconSquareCheck,
  IconStar,
  IconThumbUp,
  IconWorld,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";

const ICONS: Partial<Record<FieldType, ComponentType<{ size?: number }>>> = {
  title: IconHeading,
  submitBtn: IconSend,
  text: IconLetterCase,
  textarea: IconAlignLeft,
  number: IconNumber,
  email: IconAt,
  radio: IconCircleDot,
  checkbox: IconCheckbox,
  select: IconSelector,
  phone: IconPhone,
  website: IconWorld,
  password: IconLock,
  qrCode: IconQrcode,
  codeHighlight: IconCode,
  multipleChoice: IconListCheck,
  decisionBox: IconSquareCheck,
  nps: IconGauge,
  rate: IconStar,
  scoring: IconNumbers,
  slider: IconAdjustmentsHorizontal,
  like: IconThumbUp,
  dateTime: IconCalendar,
  colour: IconPalette,
};

/** The types the renderer can draw, in the registry's order. */
const PALETTE = FIELD_TYPES.filter(canRender);

/** Buttons that add an element of each type the renderer can draw. */
export function FieldPalette({ onAdd }: { onAdd(type: FieldType): void }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
        {t("Add a field")}
      </Text>
      <SimpleGrid type="container" cols={{ base: 1, "400px": 2 }} spacing={6} verticalSpacing={6}>
        {PALETTE.map((type) => {
          const Icon = ICONS[type] ?? IconForms;
          return (
            <Button
              key={type}
              variant="default"
              size="xs"
              justify="flex-start"
              leftSection={<Icon size={16} />}
              onClick={() => onAdd(type)}
              styles={{ label: { overflow: "hidden", textOverflow: "ellipsis" } }}
            >
              {t(fieldTypes[type].label)}
            </Button>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
