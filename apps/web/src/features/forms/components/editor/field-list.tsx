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
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../../components/icon-action.tsx";
import type { FormDraft } from "./use-form-draft.ts";

/** The form's elements in order: drag (mouse or keyboard) or the arrows to reorder. */
export function FieldList({ draft, onRemove }: { draft: FormDraft; onRemove(field: TElement): void }) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const fields = draft.draft.fields;

  // Screen readers hear the field's title and its place in the list, never its internal id.
  const title = (id: string | number) => {
    const field = fields.find((f) => f.id === id);
    return field ? fieldName(field, t) : "";
  };
  const position = (id: string | number) => fields.findIndex((f) => f.id === id) + 1;
  const total = fields.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t("Picked up “{{field}}”, position {{position}} of {{total}}.", {
        field: title(active.id),
        position: position(active.id),
        total,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t("“{{field}}” is over position {{position}} of {{total}}.", {
            field: title(active.id),
            position: position(over.id),
            total,
          })
        : t("“{{field}}” is no longer over the list.", { field: title(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("“{{field}}” was dropped at position {{position}} of {{total}}.", {
            field: title(active.id),
            position: position(over.id),
            total,
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
    draft.moveField(
      String(active.id),
      fields.findIndex((f) => f.id === over.id),
    );
  };

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
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={6} role="list" aria-label={t("Form fields")}>
          {fields.map((field, index) => (
            <FieldRow
              key={field.id}
              field={field}
              index={index}
              count={fields.length}
              draft={draft}
              onRemove={onRemove}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** What the field's row shows as its name: a heading's or button's title, else the question. */
const fieldLabel = (field: TElement) =>
  field.fieldType === "title" || field.fieldType === "submitBtn" ? field.title : field.question;

/** The name a screen reader hears: the label, or the field type when the label is empty. */
function fieldName(field: TElement, t: (text: string) => string): string {
  return fieldLabel(field) || t(fieldTypes[field.fieldType].label);
}

function FieldRow(props: {
  field: TElement;
  index: number;
  count: number;
  draft: FormDraft;
  onRemove(field: TElement): void;
}) {
  const { field, index, count, draft } = props;
  const { t } = useTranslation();
  const sortable = useSortable({ id: field.id });
  const selected = draft.selectedId === field.id;
  const label = fieldLabel(field);

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
      onClick={() => draft.setSelectedId(field.id)}
      data-testid={`field-row-${index}`}
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t("Drag to reorder")}
          {...sortable.attributes}
          {...sortable.listeners}
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
            draft.moveField(field.id, index - 1);
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
            draft.moveField(field.id, index + 1);
          }}
        >
          <IconArrowDown size={14} />
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
    </Paper>
  );
}
