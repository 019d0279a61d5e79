import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef } from "react";

/** The props an item's text input takes to answer Enter, Backspace and a pasted list. */
export interface OptionKeyProps {
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  onPaste(event: ClipboardEvent<HTMLInputElement>): void;
  "data-option-list": string;
  "data-option-index": number;
}

interface ListOfTexts<Item> {
  items: readonly Item[];
  onChange(items: Item[]): void;
  /** A new item, numbered as the list's next one. */
  create(index: number): Item;
  /** The item with its text replaced. */
  withText(item: Item, text: string): Item;
  min: number;
}

/** Where the caret goes once the list has changed: the whole text selected, or at its end. */
type Pending = { index: number; select: boolean } | null;

/** The lines of a pasted list, one option each: trimmed, the empty ones left out. */
export function pastedLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/**
 * Typing a list of options as in a text editor: Enter starts the next option, Backspace in an
 * empty one takes it away, and a pasted list (a spreadsheet's column, lines of text) becomes one
 * option per line. Each is one edit of the list, so the builder's undo takes it back at once.
 */
export function useOptionKeys<Item>(list: ListOfTexts<Item>) {
  const listId = useId();
  const pending = useRef<Pending>(null);
  const { items, onChange, create, withText, min } = list;

  // Runs after the changed list is drawn, when the input to move to exists.
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves the caret each time the items change
  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    pending.current = null;
    const input = document.querySelector<HTMLInputElement>(
      `[data-option-list="${listId}"][data-option-index="${target.index}"]`,
    );
    if (!input) return;
    input.focus();
    if (target.select) input.select();
    else input.setSelectionRange(input.value.length, input.value.length);
  }, [items]);

  const change = (next: Item[], focus: Pending) => {
    pending.current = focus;
    onChange(next);
  };

  const insertAfter = (index: number, added: Item[]) => [
    ...items.slice(0, index + 1),
    ...added,
    ...items.slice(index + 1),
  ];

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      change(insertAfter(index, [create(items.length)]), { index: index + 1, select: true });
    } else if (
      event.key === "Backspace" &&
      event.currentTarget.value === "" &&
      index > 0 &&
      items.length > min
    ) {
      event.preventDefault();
      change(
        items.filter((_, i) => i !== index),
        { index: index - 1, select: false },
      );
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const lines = pastedLines(event.clipboardData.getData("text/plain"));
    // One line pastes as text does.
    if (lines.length < 2) return;
    event.preventDefault();
    const input = event.currentTarget;
    const before = input.value.slice(0, input.selectionStart ?? input.value.length);
    const after = input.value.slice(input.selectionEnd ?? input.value.length);
    const texts = lines.map((line, i) => (i === 0 ? before + line : line));
    texts[texts.length - 1] += after;
    const current = items[index];
    if (current === undefined) return;
    const added = texts.slice(1).map((text, i) => withText(create(items.length + i), text));
    const next = insertAfter(index, added);
    next[index] = withText(current, texts[0] ?? "");
    change(next, { index: index + added.length, select: false });
  }

  return (index: number): OptionKeyProps => ({
    onKeyDown: (event) => onKeyDown(index, event),
    onPaste: (event) => onPaste(index, event),
    "data-option-list": listId,
    "data-option-index": index,
  });
}
