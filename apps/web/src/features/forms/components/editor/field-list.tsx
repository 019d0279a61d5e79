import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type SensorDescriptor,
  type SensorOptions,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { FieldType, TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import { type ElementPlace, placeElement } from "@formloom/core/form-state";
import type { Locale } from "@formloom/core/locales";
import { createElement } from "@formloom/core/new-element";
import type { TRule } from "@formloom/core/rule-schema";
import { Stack, Text } from "@mantine/core";
import {
  Fragment,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { useAfterPaint } from "../../../../lib/use-after-paint.ts";
import { AddFieldMenu } from "./add-field-menu.tsx";
import { ColumnTargets, GroupDropZone } from "./drop-targets.tsx";
import classes from "./editor.module.css";
import { useRemovalWarning } from "./field-removal.tsx";
import { FieldRow, fieldLabel, type PlaceChoices } from "./field-row.tsx";
import { dropTarget, type FieldTree, fieldTree, spotOf, treeKey } from "./field-tree.ts";
import { columnChoices, columnShown, placeableElements } from "./layout/layout-shapes.ts";
import { type DraftSettings, type FormDraft, newId } from "./use-form-draft.ts";

// The same options on every draw: new ones make new sensors, and the drag context then draws every row again.
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };
/** A read-only list takes no drag, by mouse or keyboard. */
const NO_SENSORS: SensorDescriptor<SensorOptions>[] = [];

/** The name a screen reader hears: the label, or the field type when the label is empty. */
export function fieldName(field: TElement, t: (text: string) => string): string {
  return fieldLabel(field) || t(fieldTypes[field.fieldType].label);
}

/** Drop targets inside others win: a member row over its group's inside, that over the group's row. */
const depth = (id: string | number, tree: FieldTree) => {
  const target = dropTarget(id);
  if (target.kind !== "row") return 2;
  return tree.top.includes(target.id) ? 1 : 3;
};

/** What the list changes in the draft: functions that keep their identity from one drawing to the next. */
export type FieldActions = Pick<
  FormDraft,
  "cloneField" | "addField" | "setSelectedId" | "changeFields" | "updateField"
>;

interface FieldListProps {
  /** The elements in their current order; their texts may come a moment after the preview's. */
  fields: TElement[];
  layout: DraftSettings["layoutType"];
  /** The form's language, which a new field starts in. */
  locale: Locale;
  rules: TRule[];
  selectedId: string | undefined;
  actions: FieldActions;
  onRemove(field: TElement): void;
  /** The user may only read the form: nothing is added, moved or removed. */
  readOnly: boolean;
}

/**
 * The list takes a keystroke's new text after the frame that shows it in the preview is painted, so
 * typing in a long form waits for one question of the preview only; fields that come, go or move
 * reach it at once.
 */
export const FieldList = memo(function FieldList(props: FieldListProps) {
  const later = useAfterPaint(props.fields);
  const fields = later !== props.fields && treeKey(later) === treeKey(props.fields) ? later : props.fields;
  return <ListOf {...props} fields={fields} />;
});

/**
 * The form's elements as the form draws them: field groups hold their members. Drag (mouse or
 * keyboard), the arrows or the "Move to…" menu reorder them and put them into groups and columns.
 */
const ListOf = memo(function ListOf({
  fields,
  layout,
  locale,
  rules,
  selectedId,
  actions,
  onRemove,
  readOnly,
}: FieldListProps) {
  const { t } = useTranslation();
  const movable = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const sensors = readOnly ? NO_SENSORS : movable;
  // The copy a user just made, highlighted for a moment.
  const [flashId, setFlashId] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!flashId) return;
    const timer = setTimeout(() => setFlashId(undefined), 1600);
    return () => clearTimeout(timer);
  }, [flashId]);
  const { cloneField, addField, setSelectedId, changeFields, updateField } = actions;
  const clone = useCallback((id: string) => setFlashId(cloneField(id)), [cloneField]);
  const confirmRemove = useRemovalWarning(rules, onRemove);

  // The tree changes only when fields come, go or move, so typing leaves the sortable rows alone.
  const key = treeKey(fields);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key holds all the tree is made of
  const tree = useMemo(() => fieldTree(fields), [key]);

  // The drag context's props keep their identity while typing: a new one would redraw every
  // sortable row of a long form on each keystroke. They read the fields as they are when called.
  const current = useRef({ fields, tree });
  current.current = { fields, tree };

  const columnNames = useMemo<Record<string, string>>(
    () => ({
      "col-first": t("Next free column"),
      "col-second": t("Column 2"),
      "col-third": t("Column 3"),
      "col-fourth": t("Column 4"),
    }),
    [t],
  );
  const columns = useMemo(
    () =>
      columnChoices(layout).length > 1
        ? columnChoices(layout).map((value) => ({ value, label: columnNames[value] ?? value }))
        : [],
    [layout, columnNames],
  );
  const groupNames = fields
    .filter((f) => f.fieldType === "fieldGroup")
    .map((f) => `${f.id}\t${fieldName(f, t)}`)
    .join("\n");
  const places = useMemo<PlaceChoices>(
    () => ({
      groups: groupNames
        ? groupNames.split("\n").map((line) => {
            const [id = "", name = ""] = line.split("\t");
            return { id, name };
          })
        : [],
      columns,
      canTakeColumn: (field) => placeableElements([field]).length > 0,
    }),
    [groupNames, columns],
  );

  // Moves are made on the fields as they are then: those drawn here may not hold the last keystroke yet.
  const place = useCallback(
    (id: string, to: ElementPlace) => {
      changeFields((now) => {
        const field = now.find((f) => f.id === id);
        if (!field) return now;
        const from = spotOf(fieldTree(now), id);
        // Within its own list a field goes at most to its end (a drop on its group's inside, say).
        const index = from && from.group === to.group ? Math.min(to.index, from.total - 1) : to.index;
        if (index < 0 || (from && from.group === to.group && from.index === index)) return now;
        return placeElement(now, field, { ...to, index });
      });
    },
    [changeFields],
  );
  const ungroup = useCallback(
    (id: string) => {
      const group = spotOf(current.current.tree, id)?.group;
      if (group) place(id, { index: current.current.tree.top.indexOf(group) + 1 });
    },
    [place],
  );
  const setColumn = useCallback(
    (id: string, column: string) => {
      const spot = spotOf(current.current.tree, id);
      if (!spot) return;
      // Columns hold the form's top-level elements: a member leaves its group for one, right after it.
      if (spot.group === undefined) {
        const field = current.current.fields.find((f) => f.id === id);
        if (field && placeableElements([field]).length) updateField(id, { fieldColumn: column });
        return;
      }
      const group = spot.group;
      changeFields((now) => {
        const field = now.find((f) => f.id === id);
        if (!field || !placeableElements([field]).length) return now;
        const top = fieldTree(now).top;
        return placeElement(now, { ...field, fieldColumn: column }, { index: top.indexOf(group) + 1 });
      });
    },
    [changeFields, updateField],
  );
  const addInto = useCallback(
    (group: string, type: FieldType) => {
      const id = newId();
      changeFields((now) =>
        placeElement(now, createElement(type, id, 0, locale), { group, index: Infinity }),
      );
      setSelectedId(id);
    },
    [changeFields, setSelectedId, locale],
  );

  const { announcements, screenReaderInstructions, onDragEnd, collide } = useMemo(() => {
    // Screen readers hear the field's title and its place in the list, never its internal id.
    const byId = (id: string | number) => current.current.fields.find((f) => f.id === id);
    const title = (id: string | number) => {
      const field = byId(id);
      return field ? fieldName(field, t) : "";
    };
    const spot = (id: string | number) => spotOf(current.current.tree, String(id));
    /** Where a drop on a target puts the field, said in words. */
    const whereTo = (active: string | number, over: string | number) => {
      const target = dropTarget(over);
      if (target.kind === "group") return { group: title(target.group) };
      if (target.kind === "column") return { column: columnNames[target.column] ?? target.column };
      const at = spot(target.id);
      const field = title(active);
      if (at?.group === undefined || at.group === spot(active)?.group)
        return {
          field,
          position: (at?.index ?? 0) + 1,
          total: at?.total ?? 0,
          group: at?.group && title(at.group),
        };
      return { field, position: at.index + 1, total: at.total + 1, group: title(at.group) };
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        const at = spot(active.id);
        return t("Picked up “{{field}}”, position {{position}} of {{total}}.", {
          field: title(active.id),
          position: (at?.index ?? 0) + 1,
          total: at?.total ?? 0,
        });
      },
      onDragOver: ({ active, over }) => {
        if (!over) return t("“{{field}}” is no longer over the list.", { field: title(active.id) });
        const to = whereTo(active.id, over.id);
        const field = title(active.id);
        if ("column" in to) return t("“{{field}}” is over {{column}}.", { field, column: to.column });
        if (!("position" in to))
          return t("“{{field}}” is over the group “{{group}}”.", { field, group: to.group });
        return to.group
          ? t("“{{field}}” is over position {{position}} of {{total}} in the group “{{group}}”.", to)
          : t("“{{field}}” is over position {{position}} of {{total}}.", to);
      },
      onDragEnd: ({ active, over }) => {
        const field = title(active.id);
        if (!over) return t("“{{field}}” was dropped.", { field });
        const to = whereTo(active.id, over.id);
        if ("column" in to) return t("“{{field}}” was dropped in {{column}}.", { field, column: to.column });
        if (!("position" in to))
          return t("“{{field}}” was dropped into the group “{{group}}”.", { field, group: to.group });
        return to.group
          ? t("“{{field}}” was dropped at position {{position}} of {{total}} in the group “{{group}}”.", to)
          : t("“{{field}}” was dropped at position {{position}} of {{total}}.", to);
      },
      onDragCancel: ({ active }) =>
        t("Moving “{{field}}” was cancelled; it stays at position {{position}}.", {
          field: title(active.id),
          position: (spot(active.id)?.index ?? 0) + 1,
        }),
    };
    const screenReaderInstructions = {
      draggable: t(
        "To pick up a field, press Space or Enter. Move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel.",
      ),
    };
    const onDragEnd = ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      const id = String(active.id);
      const target = dropTarget(over.id);
      const shape = current.current.tree;
      if (target.kind === "column") return setColumn(id, target.column);
      if (target.kind === "group") return place(id, { group: target.group, index: Infinity });
      const to = spotOf(shape, target.id);
      if (!to) return;
      // A group never goes inside another: over a member it goes where that member's group is.
      if (to.group !== undefined && byId(id)?.fieldType === "fieldGroup")
        return place(id, { index: shape.top.indexOf(to.group) });
      place(id, { group: to.group, index: to.index });
    };
    // Under the pointer, the innermost target; from the keyboard (no pointer), the nearest row.
    const collide: CollisionDetection = (args) => {
      const under = pointerWithin(args);
      if (under.length > 0)
        return [...under].sort(
          (a, b) => depth(b.id, current.current.tree) - depth(a.id, current.current.tree),
        );
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => dropTarget(c.id).kind === "row"),
      });
    };
    return { announcements, screenReaderInstructions, onDragEnd, collide };
  }, [t, place, setColumn, columnNames]);
  const accessibility = useMemo(
    () => ({ announcements, screenReaderInstructions }),
    [announcements, screenReaderInstructions],
  );

  const [store] = useState(rowsStore);
  const latest = useRef<ReactNode>(null);
  useLayoutEffect(() => store.set(latest.current));
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {t("No fields yet. Add one above.")}
      </Text>
    );
  }
  const byId = new Map(fields.map((field, order) => [field.id, { field, order }]));
  const column = (field: TElement) => {
    if (columns.length === 0 || !places.canTakeColumn(field)) return undefined;
    const shown = columnShown(field, layout);
    return shown === "col-first" ? undefined : columnNames[shown];
  };
  const row = (id: string, index: number, siblings: readonly string[], group?: string) => {
    const found = byId.get(id);
    if (!found) return null;
    const { field, order } = found;
    const members = field.fieldType === "fieldGroup" ? (tree.members.get(id) ?? []) : undefined;
    return (
      <FieldRow
        key={id}
        field={field}
        index={index}
        count={siblings.length}
        order={order}
        group={group}
        column={group === undefined ? column(field) : undefined}
        selected={id === selectedId}
        flash={id === flashId}
        readOnly={readOnly}
        places={places}
        onSelect={setSelectedId}
        onPlace={place}
        onColumn={setColumn}
        onUngroup={ungroup}
        onClone={clone}
        onRemove={confirmRemove}
      >
        {members && (
          <GroupDropZone
            group={id}
            name={fieldName(field, t)}
            empty={members.length === 0}
            readOnly={readOnly}
            onAdd={(type) => addInto(id, type)}
          >
            {members.length > 0 && (
              <SortableContext items={members} strategy={verticalListSortingStrategy}>
                <Stack
                  gap={6}
                  role="list"
                  aria-label={t("Fields in the group “{{group}}”", { group: fieldName(field, t) })}
                >
                  {members.map((member, at) => row(member, at, members, id))}
                </Stack>
              </SortableContext>
            )}
          </GroupDropZone>
        )}
      </FieldRow>
    );
  };
  const flatIndex = (index: number) =>
    index < tree.top.length ? (byId.get(tree.top[index]!)?.order ?? 0) : fields.length;
  const addHere = (index: number) =>
    !readOnly && <AddHere position={index + 1} index={flatIndex(index)} onAdd={addField} />;
  const rows = (
    <Stack gap={6}>
      {columns.length > 0 && <ColumnTargets columns={columns} />}
      <SortableContext items={tree.top} strategy={verticalListSortingStrategy}>
        <Stack gap={6} role="list" aria-label={t("Form fields")}>
          {tree.top.map((id, index) => (
            <Fragment key={id}>
              {addHere(index)}
              {row(id, index, tree.top)}
            </Fragment>
          ))}
          {addHere(tree.top.length)}
        </Stack>
      </SortableContext>
    </Stack>
  );
  // The rows reach the drag context from a store, not as its children nor through a context:
  // drawn again, the drag context gives its rows a new transform, and any context that changes
  // above the rows makes React search every row of a long form for its readers, on each keystroke.
  latest.current = rows;
  return (
    <DragFrame
      sensors={sensors}
      collide={collide}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
      store={store}
    />
  );
});

/** The rows as the field list drew them last, for the drag frame to show. */
function rowsStore() {
  let current: ReactNode = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: ReactNode) {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type RowsStore = ReturnType<typeof rowsStore>;

function Rows({ store }: { store: RowsStore }) {
  return useSyncExternalStore(store.subscribe, store.get);
}

const DragFrame = memo(function DragFrame({
  sensors,
  collide,
  onDragEnd,
  accessibility,
  store,
}: {
  store: RowsStore;
  sensors: SensorDescriptor<SensorOptions>[];
  collide: CollisionDetection;
  onDragEnd(event: DragEndEvent): void;
  accessibility: { announcements: Announcements; screenReaderInstructions: { draggable: string } };
}) {
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collide}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <Rows store={store} />
    </DndContext>
  );
});

/** The plus between two rows; drawn again only when its place changes. */
const AddHere = memo(function AddHere({
  position,
  index,
  onAdd,
}: {
  position: number;
  index: number;
  onAdd: FormDraft["addField"];
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.between}>
      <AddFieldMenu
        variant="inline"
        label={t("Add a field at position {{position}}", { position })}
        onAdd={(type) => onAdd(type, index)}
      />
    </div>
  );
});
