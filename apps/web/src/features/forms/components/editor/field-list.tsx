import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import { ActionIcon, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCopy, IconGripVertical, IconTrash } from "@tabler/icons-react";
import { Fragment, memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../../components/icon-action.tsx";
import { AddFieldMenu } from "./add-field-menu.tsx";
import classes from "./editor.module.css";
import type { FormDraft } from "./use-form-draft.ts";

/** The form's elements in order: drag (mouse or keyboard) or the arrows to reorder. */
export function FieldList({ draft, onRemove }: { draft: FormDraft; onRemove(field: TElement): void }) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const fields = draft.draft.fields;
  // The copy a user just made, highlighted for a moment.
  const [flashId, setFlashId] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!flashId) return;
    const timer = setTimeout(() => setFlashId(undefined), 1600);
    return () => clearTimeout(timer);
  }, [flashId]);
  const { cloneField, addField, setSelectedId, moveField } = draft;
  const clone = useCallback((id: string) => setFlashId(cloneField(id)), [cloneField]);
  // The ids change only when fields come, go or move, so typing leaves the sortable rows alone.
  const idKey = fields.map((f) => f.id).join("\n");
  const ids = useMemo(() => (idKey === "" ? [] : idKey.split("\n")), [idKey]);
  const addHere = (index: number) => <AddHere index={index} onAdd={addField} />;

  // The drag context's props keep their identity while typing: a new one would redraw every
  // sortable row of a long form on each keystroke. They read the fields as they are when called.
  const current = useRef(fields);
  current.current = fields;
  const { announcements, screenReaderInstructions, onDragEnd } = useMemo(() => {
    // Screen readers hear the field's title and its place in the list, never its internal id.
    const title = (id: string | number) => {
      const field = current.current.find((f) => f.id === id);
      return field ? fieldName(field, t) : "";
    };
    const position = (id: string | number) => current.current.findIndex((f) => f.id === id) + 1;
    const total = () => current.current.length;
    const announcements: Announcements = {
      onDragStart: ({ active }) =>
        t("Picked up “{{field}}”, position {{position}} of {{total}}.", {
          field: title(active.id),
          position: position(active.id),
          total: total(),
        }),
      onDragOver: ({ active, over }) =>
        over
          ? t("“{{field}}” is over position {{position}} of {{total}}.", {
              field: title(active.id),
              position: position(over.id),
              total: total(),
            })
          : t("“{{field}}” is no longer over the list.", { field: title(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t("“{{field}}” was dropped at position {{position}} of {{total}}.", {
              field: title(active.id),
              position: position(over.id),
              total: total(),
            })
          : t("“{{field}}” was dropped.", { field: title(active.id) }),
      onDragCancel: ({ active }) =>
        t("Moving “{{field}}” was cancelled; it stays at position {{position}}.", {
          field: title(active.id),
          position: position(active.id),
        }),
    };
    const screenReaderInstructions = {
      draggable: t(
        "To pick up a field, press Space or Enter. Move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel.",
      ),
    };
    const onDragEnd = ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      moveField(
        String(active.id),
        current.current.findIndex((f) => f.id === over.id),
      );
    };
    return { announcements, screenReaderInstructions, onDragEnd };
  }, [t, moveField]);
  const accessibility = useMemo(
    () => ({ announcements, screenReaderInstructions }),
    [announcements, screenReaderInstructions],
  );

  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {t("No fields yet. Add one above.")}
      </Text>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap={6} role="list" aria-label={t("Form fields")}>
          {fields.map((field, index) => (
            <Fragment key={field.id}>
              {addHere(index)}
              <FieldRow
                field={field}
                index={index}
                count={fields.length}
                selected={field.id === draft.selectedId}
                flash={field.id === flashId}
                onSelect={setSelectedId}
                onMove={moveField}
                onClone={clone}
                onRemove={onRemove}
              />
            </Fragment>
          ))}
          {addHere(fields.length)}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** What the field's row shows as its name: a heading's or button's title, else the question. */
const fieldLabel = (field: TElement) =>
  field.fieldType === "title" || field.fieldType === "submitBtn" ? field.title : field.question;

/** The name a screen reader hears: the label, or the field type when the label is empty. */
export function fieldName(field: TElement, t: (text: string) => string): string {
  return fieldLabel(field) || t(fieldTypes[field.fieldType].label);
}

/** The plus between two rows; drawn again only when its place changes. */
const AddHere = memo(function AddHere({ index, onAdd }: { index: number; onAdd: FormDraft["addField"] }) {
  const { t } = useTranslation();
  return (
    <div className={classes.between}>
      <AddFieldMenu
        variant="inline"
        label={t("Add a field at position {{position}}", { position: index + 1 })}
        onAdd={(type) => onAdd(type, index)}
      />
    </div>
  );
});

type RowProps = {
  field: TElement;
  index: number;
  count: number;
  selected: boolean;
  flash: boolean;
  onSelect(id: string): void;
  onMove(id: string, toIndex: number): void;
  onClone(id: string): void;
  onRemove(field: TElement): void;
};

/**
 * One row; its props keep their identity unless this element changed, so a keystroke redraws one
 * row. The drag library redraws every sortable row when its context changes; the row's contents,
 * with their tooltips, are drawn apart so that only the light frame follows it.
 */
const FieldRow = memo(function FieldRow(props: RowProps) {
  const { field, index, selected } = props;
  const sortable = useSortable({ id: field.id });

  return (
    <Paper
      ref={sortable.setNodeRef}
      role="listitem"
      withBorder
      p={6}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        borderColor: selected ? "var(--mantine-color-indigo-5)" : undefined,
        background: selected ? "var(--mantine-color-indigo-0)" : undefined,
        zIndex: sortable.isDragging ? 2 : undefined,
        cursor: "pointer",
      }}
      className={props.flash ? classes.flash : undefined}
      onClick={() => props.onSelect(field.id)}
      data-testid={`field-row-${index}`}
    >
      <RowContents {...props} handle={sortable.attributes} listeners={sortable.listeners} />
    </Paper>
  );
});

type Sortable = ReturnType<typeof useSortable>;
type ContentsProps = RowProps & { handle: Sortable["attributes"]; listeners: Sortable["listeners"] };

/**
 * The drag handle's listeners are made anew with each drawing but do the same (they know only the
 * row's id), so its attributes are compared by value and its listeners not at all.
 */
const sameContents = (a: ContentsProps, b: ContentsProps) =>
  a.field === b.field &&
  a.index === b.index &&
  a.count === b.count &&
  a.onMove === b.onMove &&
  a.onClone === b.onClone &&
  a.onRemove === b.onRemove &&
  JSON.stringify(a.handle) === JSON.stringify(b.handle);

const RowContents = memo(function RowContents(props: ContentsProps) {
  const { field, index, count } = props;
  const { t } = useTranslation();
  const label = fieldLabel(field);
  return (
    <Group gap={4} wrap="nowrap">
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
        <Badge size="xs" variant="light" color="gray">
          {t(fieldTypes[field.fieldType].label)}
        </Badge>
      </div>
      <IconAction
        label={t("Move up")}
        size="sm"
        disabled={index === 0}
        onClick={(e) => {
          e.stopPropagation();
          props.onMove(field.id, index - 1);
        }}
      >
        <IconArrowUp size={14} />
      </IconAction>
      <IconAction
        label={t("Move down")}
        size="sm"
        disabled={index === count - 1}
        onClick={(e) => {
          e.stopPropagation();
          props.onMove(field.id, index + 1);
        }}
      >
        <IconArrowDown size={14} />
      </IconAction>
      <IconAction
        label={t("Duplicate field")}
        size="sm"
        onClick={(e) => {
          e.stopPropagation();
          props.onClone(field.id);
        }}
      >
        <IconCopy size={14} />
      </IconAction>
      <IconAction
        label={t("Delete field")}
        color="red"
        size="sm"
        onClick={(e) => {
          e.stopPropagation();
          props.onRemove(field);
        }}
      >
        <IconTrash size={14} />
      </IconAction>
    </Group>
  );
}, sameContents);
