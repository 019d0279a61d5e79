type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A control's state as the respondent left it on the server's page. */
type Given =
  | { control: HTMLInputElement; checked: boolean }
  | { control: HTMLInputElement | HTMLTextAreaElement; value: string }
  | { control: HTMLSelectElement; selected: boolean[] };

const isChoice = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");

/** The element's own setter, past the one React puts on each controlled element to notice changes. */
function setNatively(control: Control, property: "value" | "checked", value: string | boolean): void {
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(control, value);
}

/**
 * Answers given on the server's page before its script took it over (typed, ticked, picked): read
 * before the take-over, since taking the page over may put a control back to what the server drew,
 * and given to the form once it has been taken over (the function returned), each as if the
 * respondent had just entered it, so nothing entered early is lost.
 */
export function answersGivenEarly(root: HTMLElement): () => void {
  const given: Given[] = [];
  for (const control of root.querySelectorAll<Control>("input:not([type=hidden]), textarea, select")) {
    if (control instanceof HTMLSelectElement) {
      const options = Array.from(control.options);
      if (options.some((option) => option.selected !== option.defaultSelected))
        given.push({ control, selected: options.map((option) => option.selected) });
    } else if (isChoice(control)) {
      // A radio button unticked by ticking another says nothing of its own.
      if (control.checked !== control.defaultChecked && (control.type !== "radio" || control.checked))
        given.push({ control, checked: control.checked });
    } else if (control.value !== control.defaultValue) given.push({ control, value: control.value });
  }
  return () => {
    for (const answer of given) {
      if (!answer.control.isConnected) continue;
      if ("checked" in answer) {
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
  };
}
