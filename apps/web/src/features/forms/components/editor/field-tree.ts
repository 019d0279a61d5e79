import type { TElement } from "@formloom/core/element-schema";
import { groupMembers } from "@formloom/core/form-pages";
import type { ElementPlace } from "@formloom/core/form-state";

/** The field list as the form draws it: top-level elements, and each field group's members. */
export interface FieldTree {
  top: string[];
  members: ReadonlyMap<string, string[]>;
}

export function fieldTree(fields: readonly TElement[]): FieldTree {
  const groups = groupMembers(fields);
  const grouped = new Set([...groups.values()].flat().map((member) => member.id));
  return {
    top: fields.filter((field) => !grouped.has(field.id)).map((field) => field.id),
    members: new Map([...groups].map(([group, members]) => [group, members.map((member) => member.id)])),
  };
}

/** Each list's tree key, kept with the list: the field list asks for it more than once per drawing. */
const keys = new WeakMap<readonly TElement[], string>();

/**
 * What the tree is made of: ids, groups and columns. It changes only when a field comes, goes or
 * moves, so typing in a question leaves the drag lists alone.
 */
export function treeKey(fields: readonly TElement[]): string {
  let key = keys.get(fields);
  if (key === undefined) {
    key = fields
      .map(
        (f) =>
          `${f.id}\t${f.fieldType}\t${f.fieldSettings.fieldGroup ?? ""}\t${f.fieldSettings.fieldGroupOrder ?? ""}`,
      )
      .join("\n");
    keys.set(fields, key);
  }
  return key;
}

/** Where an element is: its group (none at the top level), its index there and how many share it. */
export interface TreeSpot extends ElementPlace {
  total: number;
}

export function spotOf(tree: FieldTree, id: string): TreeSpot | undefined {
  const top = tree.top.indexOf(id);
  if (top !== -1) return { index: top, total: tree.top.length };
  for (const [group, members] of tree.members) {
    const index = members.indexOf(id);
    if (index !== -1) return { group, index, total: members.length };
  }
  return undefined;
}

/** Drop targets that are not rows: the inside of a field group, a layout column. */
export const INTO_GROUP = "into-group:";
export const INTO_COLUMN = "into-column:";

export const groupTarget = (group: string) => `${INTO_GROUP}${group}`;
export const columnTarget = (column: string) => `${INTO_COLUMN}${column}`;

export type DropTarget =
  | { kind: "group"; group: string }
  | { kind: "column"; column: string }
  | { kind: "row"; id: string };

export function dropTarget(id: string | number): DropTarget {
  const text = String(id);
  if (text.startsWith(INTO_GROUP)) return { kind: "group", group: text.slice(INTO_GROUP.length) };
  if (text.startsWith(INTO_COLUMN)) return { kind: "column", column: text.slice(INTO_COLUMN.length) };
  return { kind: "row", id: text };
}
