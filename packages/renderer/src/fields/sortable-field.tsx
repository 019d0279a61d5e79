import { useEffect, useRef, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import "./structured-fields.css";

type Direction = "up" | "down";

/** The answer's order when it still names exactly the options shown, else the order given. */
function orderOf(value: unknown, ids: readonly string[]): { order: string[]; given: boolean } {
  const fits =
    Array.isArray(value) &&
    value.length === ids.length &&
    new Set(value).size === ids.length &&
    ids.every((id) => value.includes(id));
  return fits ? { order: value as string[], given: true } : { order: [...ids], given: false };
}

/**
 * The options to put in order. Every item has Move up / Move down buttons, so the whole ranking
 * works by keyboard, and each move is announced. A required ranking always has an order: the one
 * shown counts as the answer until the respondent changes it. An optional one left as shown is no
 * answer, so the author never reads a ranking nobody made; its first move answers it.
 */
export function SortableField(props: FieldProps) {
  const variants = props.element.fieldSettings.answerVariants ?? [];
  const ids = variants.map((v) => v.id);
  const { order, given } = orderOf(props.value, ids);
  const { onChange } = props;
  const [announcement, setAnnouncement] = useState("");
  const moved = useRef<{ id: string; direction: Direction; before: string } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const orderKey = JSON.stringify(order);

  const required = props.element.isRequired;
  useEffect(() => {
    if (!given && required) onChange(JSON.parse(orderKey));
  }, [given, required, orderKey, onChange]);

  // After a move, keep the focus on the moved item's button, or its other one at an end. The new
  // order may be drawn after the announcement is: wait for it, or the focus lands on the old place.
  // Moving a row can take the focus off its button, leaving it nowhere.
  useEffect(() => {
    const last = moved.current;
    if (!last || last.before === orderKey) return;
    moved.current = null;
    // Focus the respondent has moved on elsewhere meanwhile stays where they put it.
    const focused = document.activeElement;
    if (focused && focused !== document.body && !listRef.current?.contains(focused)) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(
      `[data-item="${CSS.escape(last.id)}"] button`,
    );
    const [up, down] = [buttons?.[0], buttons?.[1]];
    const preferred = last.direction === "up" ? up : down;
    (preferred && !preferred.disabled ? preferred : last.direction === "up" ? down : up)?.focus();
  });

  const titleOf = (id: string) => variants.find((v) => v.id === id)?.title ?? id;
  const move = (index: number, direction: Direction) => {
    const target = direction === "up" ? index - 1 : index + 1;
    const next = [...order];
    const [item] = next.splice(index, 1);
    if (item === undefined || target < 0 || target >= order.length) return;
    next.splice(target, 0, item);
    moved.current = { id: item, direction, before: orderKey };
    setAnnouncement(`${titleOf(item)}: position ${target + 1} of ${order.length}`);
    onChange(next);
  };

  return (
    <div className="fl-sortable" id={props.inputId} data-invalid={props.invalid || undefined}>
      <ol className="fl-sortable-list" ref={listRef} aria-describedby={props.describedBy}>
        {order.map((id, index) => (
          <li key={id} className="fl-sortable-item" data-item={id}>
            <span className="fl-sortable-position" aria-hidden="true">
              {index + 1}
            </span>
            <span className="fl-sortable-title">{titleOf(id)}</span>
            <button
              type="button"
              className="fl-sortable-move"
              aria-label={`Move ${titleOf(id)} up`}
              disabled={props.disabled || index === 0}
              onClick={() => move(index, "up")}
            >
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              className="fl-sortable-move"
              aria-label={`Move ${titleOf(id)} down`}
              disabled={props.disabled || index === order.length - 1}
              onClick={() => move(index, "down")}
            >
              <span aria-hidden="true">↓</span>
            </button>
          </li>
        ))}
      </ol>
      <p className="fl-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
