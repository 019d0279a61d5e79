import { FIELD_TYPES, type FieldType } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import type { FieldCategory } from "@formloom/core/field-types/definition";
import { ActionIcon, Button, Combobox, Group, Stack, Text, Tooltip, useCombobox } from "@mantine/core";
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
  IconPlus,
  IconQrcode,
  IconSelector,
  IconSend,
  IconSquareCheck,
  IconStar,
  IconThumbUp,
  IconWorld,
} from "@tabler/icons-react";
import { type ComponentType, memo, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./editor.module.css";

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

/**
 * Every type of the model, in the registry's order: the renderer draws each one, as its own test
 * (field-components.test.ts) holds, so the builder need not load the renderer to ask.
 */
const PALETTE = FIELD_TYPES;

const CATEGORIES: FieldCategory[] = ["field", "nonField", "image"];

interface Props {
  onAdd(type: FieldType): void;
  /** "button": the labelled button above the list; "inline": a small plus between fields. */
  variant?: "button" | "inline";
  /** The inline control's accessible name, which says where the field goes. */
  label?: string;
}

/** A searchable menu of every field type, grouped by category: type to filter, arrows and Enter to add. */
export const AddFieldMenu = memo(function AddFieldMenu({ onAdd, variant = "button", label }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch("");
    },
    onDropdownOpen: () => {
      combobox.focusSearchInput();
      combobox.selectFirstOption();
    },
  });

  const query = search.trim().toLowerCase();
  const matches = (type: FieldType) => {
    if (!query) return true;
    const english = fieldTypes[type].label.toLowerCase();
    return t(fieldTypes[type].label).toLowerCase().includes(query) || english.includes(query);
  };
  // What sets apart types whose names say much the same: both hold several chosen options, and
  // only Multiple choice is meant to be bounded (its least and most, in its settings).
  const hints: Partial<Record<FieldType, string>> = {
    checkbox: t("Tick any of the options, or none"),
    multipleChoice: t("Choose several options, between the fewest and the most you set"),
  };
  const categoryName: Record<FieldCategory, string> = {
    field: t("Questions"),
    nonField: t("Content and layout"),
    image: t("Images"),
  };
  const groups = CATEGORIES.map((id) => ({
    id,
    label: categoryName[id],
    types: PALETTE.filter((type) => fieldTypes[type].category === id && matches(type)),
  })).filter((group) => group.types.length > 0);

  // The first match is ready for Enter as soon as the list narrows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search text changes the options
  useEffect(() => {
    if (combobox.dropdownOpened) combobox.selectFirstOption();
  }, [query]);

  const name = label ?? t("Add a field");
  return (
    <Combobox
      store={combobox}
      width={280}
      keepMounted={false}
      position="bottom-start"
      shadow="md"
      onOptionSubmit={(value) => {
        onAdd(value as FieldType);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target targetType="button" withAriaAttributes={false}>
        {variant === "button" ? (
          <Button
            variant="light"
            size="xs"
            fullWidth
            leftSection={<IconPlus size={16} />}
            onClick={() => combobox.toggleDropdown()}
            aria-haspopup="listbox"
            aria-expanded={combobox.dropdownOpened}
          >
            {name}
          </Button>
        ) : (
          <Tooltip label={name} openDelay={300}>
            <ActionIcon
              variant="subtle"
              color="indigo"
              size="xs"
              radius="xl"
              className={classes.addHere}
              aria-label={name}
              aria-haspopup="listbox"
              aria-expanded={combobox.dropdownOpened}
              onClick={() => combobox.toggleDropdown()}
            >
              <IconPlus size={12} />
            </ActionIcon>
          </Tooltip>
        )}
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t("Search field types")}
          aria-label={t("Search field types")}
        />
        <Combobox.Options mah={340} style={{ overflowY: "auto" }} aria-label={t("Field types")}>
          {groups.length === 0 ? (
            <Combobox.Empty>{t("No field type matches")}</Combobox.Empty>
          ) : (
            groups.map((group) => (
              <Combobox.Group key={group.id} label={group.label}>
                {group.types.map((type) => {
                  const Icon = ICONS[type] ?? IconForms;
                  const hint = hints[type];
                  return (
                    <Combobox.Option key={type} value={type} aria-description={hint}>
                      <Group gap={8} wrap="nowrap" align={hint ? "flex-start" : "center"}>
                        <Icon size={16} />
                        <Stack gap={0}>
                          <span>{t(fieldTypes[type].label)}</span>
                          {hint && (
                            // Read as the option's description, not as a part of its name.
                            <Text size="xs" c="dimmed" aria-hidden>
                              {hint}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                    </Combobox.Option>
                  );
                })}
              </Combobox.Group>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
});
