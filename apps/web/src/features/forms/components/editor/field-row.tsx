import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import { canJoinGroup, type ElementPlace } from "@formloom/core/form-state";
import { ActionIcon, Badge, Group, Menu, Paper, Text, Tooltip } from "@mantine/core";
import {
  IconArrowDown,
  IconArrowsMove,
  IconArrowUp,
  IconCopy,
  IconGripVertical,
  IconTrash,
} from "@tabler/icons-react";
import { type KeyboardEvent, memo, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../../components/icon-action.tsx";
import classes from "./editor.module.css";

/** Where the "Move to…" menu can put a field: the form's groups and the layout's columns. */
export interface PlaceChoices {
  groups: ReadonlyArray<{ id: string; name: string }>;
  /** Empty when the layout has one column. */
  columns: ReadonlyArray<{ value: string; label: string }>;
  /** Elements that always span the form's width and stay out of columns. */
  canTakeColumn(field: TElement): boolean;
}

/** What the field's row shows as its name: a heading's, group's or button's title, else the question. */
export const fieldLabel = (field: TElement) =>
  field.fieldType === "title" || field.fieldType === "submitBtn" || field.fieldType === "fieldGroup"
    ? field.title
    : field.question;

export type RowProps = {
  field: TElement;
  /** Its place among its siblings (the top level, or its group's members) and how many they are. */
  index: number;
  count: number;
  /** Its place in the form's whole order. */
  order: number;
  /** The field group it is in. */
  group?: string;
  /** The layout column it is put in, as the user reads it; none when it flows. */
  column?: string;
  selected: boolean;
  flash: boolean;
  /** The user may not change the form: the row is only read and picked, never moved or removed. */
  readOnly: boolean;
  places: PlaceChoices;
  onSelect(id: string): void;
  onPlace(id: string, place: ElementPlace): void;
  onColumn(id: string, column: string): void;
  /** Takes a member out of its group, to right after the group. */
  onUngroup(id: string): void;
  onClone(id: string): void;
  onRemove(field: TElement): void;
  /** A group's members, drawn inside its row so that they move with it. */
  children?: ReactNode;
};

/**
 * One row; its props keep their identity unless this element changed, so a keystroke redraws one
 * row. The drag library redraws every sortable row when its context changes; the row's contents,
 * with their tooltips, are drawn apart so that only the light frame follows it.
 */
export const FieldRow = memo(function FieldRow({ children, ...props }: RowProps) {
  const { field, selected } = props;
  const sortable = useSortable({ id: field.id, disabled: props.readOnly });

  return (
    <Paper
      ref={sortable.setNodeRef}
      role="listitem"
      withBorder
      p={6}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        borderColor: selected ? "var(--mantine-color-indigo-5)" : undefined,
        background: selected ? "var(--mantine-color-indigo-0)" : undefined,
        // Lifted above the others only while dragged: a positioned row is a layer of its own, and
        // a long form's rows then made each of its frames slower to put together.
        zIndex: sortable.isDragging ? 2 : undefined,
        position: sortable.isDragging ? "relative" : undefined,
        cursor: "pointer",
      }}
      className={props.flash ? classes.flash : undefined}
      onClick={(event) => {
        // A member's click selects the member, not the group around it.
        event.stopPropagation();
        props.onSelect(field.id);
      }}
      data-testid={`field-row-${props.order}`}
      // The row is what the keyboard reaches to open the field's settings (its handle moves it).
      tabIndex={0}
      aria-current={selected || undefined}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
        event.preventDefault();
        event.stopPropagation();
        props.onSelect(field.id);
      }}
    >
      <RowContents {...props} handle={sortable.attributes} listeners={sortable.listeners} />
      {children}
    </Paper>
  );
});

type Sortable = ReturnType<typeof useSortable>;
type ContentsProps = Omit<RowProps, "children" | "selected" | "flash" | "onSelect"> & {
  handle: Sortable["attributes"];
  listeners: Sortable["listeners"];
};

/**
 * The drag handle's listeners are made anew with each drawing but do the same (they know only the
 * row's id), so its attributes are compared by value and its listeners not at all.
 */
const sameContents = (a: ContentsProps, b: ContentsProps) =>
  a.field === b.field &&
  a.index === b.index &&
  a.count === b.count &&
  a.group === b.group &&
  a.column === b.column &&
  a.places === b.places &&
  a.onPlace === b.onPlace &&
  a.onColumn === b.onColumn &&
  a.onUngroup === b.onUngroup &&
  a.onClone === b.onClone &&
  a.onRemove === b.onRemove &&
  a.readOnly === b.readOnly &&
  JSON.stringify(a.handle) === JSON.stringify(b.handle);

const RowContents = memo(function RowContents(props: ContentsProps) {
  const { field } = props;
  const { t } = useTranslation();
  const label = fieldLabel(field);
  const stop = (action: () => void) => (event: { stopPropagation(): void }) => {
    event.stopPropagation();
    action();
  };
  return (
    <Group gap={4} wrap="nowrap">
      {!props.readOnly && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t("Drag to reorder")}
          {...props.handle}
          {...props.listeners}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {label || t("Untitled")}
          {field.isRequired && (
            <Text span c="red">
              {" "}
              *
            </Text>
          )}
        </Text>
        <Group gap={4}>
          <Badge size="xs" variant="light" color="gray">
            {t(fieldTypes[field.fieldType].label)}
          </Badge>
          {props.column && (
            <Badge size="xs" variant="light" color="indigo">
              {props.column}
            </Badge>
          )}
        </Group>
      </div>
      {!props.readOnly && (
        <>
          <MoveToMenu {...props} />
          <IconAction label={t("Duplicate field")} size="sm" onClick={stop(() => props.onClone(field.id))}>
            <IconCopy size={14} />
          </IconAction>
          <IconAction
            label={t("Delete field")}
            color="red"
            size="sm"
            onClick={stop(() => props.onRemove(field))}
          >
            <IconTrash size={14} />
          </IconAction>
        </>
      )}
    </Group>
  );
}, sameContents);

const CLOSING_EVENTS = ["mousedown", "touchstart", "keydown"];
const NO_EVENTS: string[] = [];

/** The keyboard's (and anyone's) way up and down, into a group or a column and out again. */
function MoveToMenu({ field, index, count, group, places, onPlace, onColumn, onUngroup }: ContentsProps) {
  const { t } = useTranslation();
  const groups = canJoinGroup(field) ? places.groups.filter((g) => g.id !== group) : [];
  const current = places.groups.find((g) => g.id === group);
  const columns = places.canTakeColumn(field) ? places.columns : [];
  const shownColumn = columns.some((c) => c.value === field.fieldColumn) ? field.fieldColumn : "col-first";
  const name = fieldLabel(field) || t(fieldTypes[field.fieldType].label);
  const [opened, setOpened] = useState(false);
  return (
    // The menu's clicks, its portal's too, stay off the row, which would select the field.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from reaching the row.
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops clicks from reaching the row.
    <span onClick={(event) => event.stopPropagation()}>
      <Menu
        position="bottom-end"
        withinPortal
        opened={opened}
        onChange={setOpened}
        // Each menu listens on the whole document for what closes it: only while open, or every
        // key pressed anywhere in a long form ran one listener per field.
        clickOutsideEvents={opened ? CLOSING_EVENTS : NO_EVENTS}
      >
        <Menu.Target>
          <Tooltip label={t("Move to…")}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t("Move “{{field}}” to…", { field: name })}
            >
              <IconArrowsMove size={14} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconArrowUp size={14} />}
            disabled={index === 0}
            onClick={() => onPlace(field.id, { group, index: index - 1 })}
          >
            {t("Move up")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconArrowDown size={14} />}
            disabled={index === count - 1}
            onClick={() => onPlace(field.id, { group, index: index + 1 })}
          >
            {t("Move down")}
          </Menu.Item>
          {(groups.length > 0 || current) && <Menu.Label>{t("Field groups")}</Menu.Label>}
          {groups.map((target) => (
            <Menu.Item
              key={target.id}
              onClick={() => onPlace(field.id, { group: target.id, index: Infinity })}
            >
              {t("Into the group “{{group}}”", { group: target.name })}
            </Menu.Item>
          ))}
          {current && (
            <Menu.Item onClick={() => onUngroup(field.id)}>
              {t("Out of the group “{{group}}”", { group: current.name })}
            </Menu.Item>
          )}
          {columns.length > 0 && <Menu.Label>{t("Layout columns")}</Menu.Label>}
          {columns.map((column) => (
            <Menu.Item
              key={column.value}
              disabled={column.value === shownColumn}
              onClick={() => onColumn(field.id, column.value)}
            >
              {column.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </span>
  );
}
