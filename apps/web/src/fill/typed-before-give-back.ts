import type { Given } from "./typed-before.ts";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The element's own setter, past the one React puts on each controlled element to notice changes. */
function setNatively(control: Control, property: "value" | "checked", value: string | boolean): void {
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(control, value);
}

/** Gives the form the answers given early (typed-before.ts), each as if just entered. */
export function giveBack(given: readonly Given[]): void {
  for (const answer of given) {
    if (!answer.control.isConnected) continue;
    if ("files" in answer) {
      const list = new DataTransfer();
      for (const file of answer.files) list.items.add(file);
      answer.control.files = list.files;
      answer.control.dispatchEvent(new Event("change", { bubbles: true }));
    } else if ("checked" in answer) {
      // A click is how a box tells the form it changed: from the other state, it lands on the given one.
      setNatively(answer.control, "checked", !answer.checked);
      answer.control.click();
    } else if ("value" in answer) {
      setNatively(answer.control, "value", answer.value);
      answer.control.dispatchEvent(new Event("input", { bubbles: true }));
    } else {
      Array.from(answer.control.options).forEach((option, i) => {
        option.selected = answer.selected[i] ?? false;
      });
      answer.control.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
}
