import { useDroppable } from "@dnd-kit/core";
import type { FieldType } from "@formloom/core/element-schema";
import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AddFieldMenu } from "./add-field-menu.tsx";
import classes from "./editor.module.css";
import { columnTarget, groupTarget } from "./field-tree.ts";

/** The inside of a field group: its members, a place to drop more and a plus that adds into it. */
export function GroupDropZone({
  group,
  name,
  empty,
  readOnly,
  onAdd,
  children,
}: {
  group: string;
  name: string;
  empty: boolean;
  /** Nothing can be added or dropped: only the members are shown. */
  readOnly: boolean;
  onAdd(type: FieldType): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: groupTarget(group) });
  return (
    // A click on the group's inside selects the group; the members' own clicks stop at their rows,
    // and the add menu's, which bubble from its portal, stop here (it selects the field it adds).
    // biome-ignore lint/a11y/noStaticElementInteractions: the group's row is what the click selects.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the group's row is what the click selects.
    <div
      ref={setNodeRef}
      className={classes.members}
      data-over={isOver || undefined}
      data-testid={`group-zone-${group}`}
      onClick={(event) => {
        if (!event.currentTarget.contains(event.target as Node)) event.stopPropagation();
      }}
    >
      {children}
      {!readOnly && (
        <Group gap={6} wrap="nowrap" className={classes.groupFoot}>
          <AddFieldMenu
            variant="inline"
            label={t("Add a field into the group “{{group}}”", { group: name })}
            onAdd={onAdd}
          />
          <Text size="xs" c="dimmed">
            {empty
              ? t("Drop fields here to put them in the group")
              : t("Drop here to add at the group's end")}
          </Text>
        </Group>
      )}
    </div>
  );
}

/** The layout's columns as places to drop a field on, when the layout has several. */
export function ColumnTargets({ columns }: { columns: ReadonlyArray<{ value: string; label: string }> }) {
  const { t } = useTranslation();
  return (
    <div className={classes.columnTargets}>
      <Text size="xs" c="dimmed">
        {t("Drag a field onto a column to put it there")}
      </Text>
      <div className={classes.columnRow}>
        {columns.map((column) => (
          <ColumnTarget key={column.value} {...column} />
        ))}
      </div>
    </div>
  );
}

function ColumnTarget({ value, label }: { value: string; label: string }) {
  const { setNodeRef, isOver } = useDroppable({ id: columnTarget(value) });
  return (
    <div
      ref={setNodeRef}
      className={classes.columnTarget}
      data-over={isOver || undefined}
      data-testid={`column-target-${value}`}
    >
      {label}
    </div>
  );
}
