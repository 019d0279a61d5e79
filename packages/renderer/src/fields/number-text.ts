import { type RefObject, useRef } from "react";

/**
 * What a number input shows for its answer: the text the respondent is typing while it still
 * means that number ("2." on the way to "2.5"), else the number itself. Handing the input the
 * number would rewrite "2." as "2" under Preact, which compares a number input's value as text,
 * and put the caret back at the start in the middle of typing.
 */
export function useNumberText(value: number | null): [RefObject<HTMLInputElement | null>, string] {
  const input = useRef<HTMLInputElement>(null);
  const typed = input.current?.value ?? "";
  if (value === null) return [input, ""];
  return [input, typed !== "" && Number(typed) === value ? typed : String(value)];
}
