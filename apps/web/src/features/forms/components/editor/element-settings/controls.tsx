import type { TElement } from "@formloom/core/element-schema";
import type { Locale } from "@formloom/core/locales";
import { ActionIcon, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type OptionKeyProps, useOptionKeys } from "./option-keys.ts";
import type { CheckedElement } from "./use-checked-element.ts";

/** What every type's editor is given: the element as shown, and core-checked ways to change it. */
export interface EditorProps {
  checked: CheckedElement;
  fields: readonly TElement[];
  /** A calculation form: only then are correct answers and points offered (forms.md §4). */
  quiz: boolean;
  /** The form's language: options added here start in it, as new fields do. */
  locale: Locale;
}

/** A Mantine NumberInput's value as a setting: a number, or nothing when the box is empty. */
export const num = (value: number | string): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** Patches the element's type-specific settings (kept in fieldSettings). */
export function changeSettings(checked: CheckedElement, patch: Partial<TElement["fieldSettings"]>) {
  checked.change({ fieldSettings: { ...checked.element.fieldSettings, ...patch } });
}

/** Patches the element's answer limits (kept in validationSettings). */
export function changeLimits(checked: CheckedElement, patch: Partial<TElement["validationSettings"]>) {
  checked.change({ validationSettings: { ...checked.element.validationSettings, ...patch } });
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

export const newItemId = (prefix: string) => `${prefix}_${crypto.randomUUID().slice(0, 8)}`;

interface ItemsProps<Item> {
  label: string;
  items: readonly Item[];
  onChange(next: Item[]): void;
  create(index: number): Item;
  /** `keys` go on the item's text input where the list is typed as text (see `withText`). */
  render(
    item: Item,
    index: number,
    update: (patch: Partial<Item>) => void,
    keys: OptionKeyProps | undefined,
  ): ReactNode;
  /**
   * The item with its text replaced: given, the list is typed like lines of text (Enter adds the
   * next item, a pasted list adds one per line).
   */
  withText?: (item: Item, text: string) => Item;
  /** How one item is named to assistive tech ("Option 2"). */
  itemName(index: number): string;
  addLabel: string;
  /** The remove button's name, when it is not "Remove <item>". */
  removeLabel?: (index: number) => string;
  min?: number;
  error?: string | undefined;
}

/** A list of items (options, rows, pictures…) to edit, reorder, add to and remove from. */
export function ItemsEditor<Item>({
  label,
  items,
  onChange,
  create,
  render,
  itemName,
  addLabel,
  removeLabel,
  min = 0,
  error,
  withText,
}: ItemsProps<Item>) {
  const { t } = useTranslation();
  const keys = useOptionKeys({ items, onChange, create, withText: withText ?? ((item) => item), min });
  const update = (index: number, patch: Partial<Item>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as Item);
    onChange(next);
  };
  return (
    <Section title={label}>
      {items.map((item, index) => (
        <Paper
          // biome-ignore lint/suspicious/noArrayIndexKey: items are edited in place by position
          key={index}
          withBorder
          p={6}
          radius="sm"
          role="group"
          aria-label={itemName(index)}
        >
          <Group gap={4} wrap="nowrap" align="flex-start">
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              {render(item, index, (patch) => update(index, patch), withText ? keys(index) : undefined)}
            </Stack>
            <Stack gap={0}>
              <ActionIcon
                variant="subtle"
                size="sm"
                disabled={index === 0}
                aria-label={t("Move {{name}} up", { name: itemName(index) })}
                onClick={() => move(index, index - 1)}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                disabled={index === items.length - 1}
                aria-label={t("Move {{name}} down", { name: itemName(index) })}
                onClick={() => move(index, index + 1)}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                color="red"
                disabled={items.length <= min}
                aria-label={removeLabel?.(index) ?? t("Remove {{name}}", { name: itemName(index) })}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Stack>
          </Group>
        </Paper>
      ))}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...items, create(items.length)])}
        style={{ alignSelf: "flex-start" }}
      >
        {addLabel}
      </Button>
    </Section>
  );
}

/** The first problem core found at or under a path (an item's field inside a list). */
export function firstError(checked: CheckedElement, paths: string[]): string | undefined {
  for (const path of paths) {
    const found = checked.error(path);
    if (found) return found;
  }
  return undefined;
}
