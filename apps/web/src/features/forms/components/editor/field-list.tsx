import {
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
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
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
  const label = field.fieldType === "title" || field.fieldType === "submitBtn" ? field.title : field.question;

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
