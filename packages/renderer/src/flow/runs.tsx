// The builder's preview draws a long one-column page in runs of elements, each its own box, so a
// keystroke in one element redraws its run alone.
import type { TElement } from "@formloom/core/element-schema";
import type { ReactNode } from "react";

/** Whether the element is the selected one or holds it (a field group and its members). */
export function holdsSelected(
  field: TElement,
  selectedId: string | undefined,
  groups: ReadonlyMap<string, readonly TElement[]>,
): boolean {
  return (
    selectedId !== undefined &&
    (field.id === selectedId || (groups.get(field.id) ?? []).some((member) => member.id === selectedId))
  );
}

/**
 * A run starts at an element chosen by its id alone (one in 16 on average), so an element added or
 * removed changes its own run only, and the others' elements are not drawn anew in another box.
 */
function startsRun(id: string): boolean {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 31) + id.charCodeAt(i)) | 0;
  return (hash & 15) === 0;
}

/** The page's elements in runs, each run a box named by its first element. */
export function inRuns(
  fields: readonly TElement[],
  draw: (field: TElement) => ReactNode,
  selected: (field: TElement) => boolean,
): ReactNode[] {
  const runs: { key: string; nodes: ReactNode[]; selected: boolean }[] = [];
  for (const field of fields) {
    const node = draw(field);
    if (node === null) continue;
    const last = runs.at(-1);
    if (!last || startsRun(field.id)) runs.push({ key: field.id, nodes: [node], selected: selected(field) });
    else {
      last.nodes.push(node);
      last.selected ||= selected(field);
    }
  }
  return runs.map((run) => (
    <div key={run.key} className="fl-run" data-holds-selected={run.selected || undefined}>
      {run.nodes}
    </div>
  ));
}
