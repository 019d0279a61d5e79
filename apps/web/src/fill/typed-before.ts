type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A control's state as the respondent left it on the server's page. */
export type Given =
  | { control: HTMLInputElement; files: File[] }
  | { control: HTMLInputElement; checked: boolean }
  | { control: HTMLInputElement | HTMLTextAreaElement; value: string }
  | { control: HTMLSelectElement; selected: boolean[] };

const isChoice = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");

/**
 * Answers given on the server's page before its script took it over (typed, ticked, picked, files
 * chosen): read before the take-over, since taking the page over may put a control back to what
 * the server drew, and given to the form once it has been taken over (`giveBack`, loaded only when
 * there is something to give), so nothing entered early is lost.
 */
export function answersGivenEarly(root: HTMLElement): Given[] {
  const given: Given[] = [];
  for (const control of root.querySelectorAll<Control>("input:not([type=hidden]), textarea, select")) {
    if (control instanceof HTMLSelectElement) {
      const options = Array.from(control.options);
      if (options.some((option) => option.selected !== option.defaultSelected))
        given.push({ control, selected: options.map((option) => option.selected) });
    } else if (control instanceof HTMLInputElement && control.type === "file") {
      // A file input's value cannot be set: its files are kept and handed back as a new list.
      if (control.files && control.files.length > 0)
        given.push({ control, files: Array.from(control.files) });
    } else if (isChoice(control)) {
      // A radio button unticked by ticking another says nothing of its own.
      if (control.checked !== control.defaultChecked && (control.type !== "radio" || control.checked))
        given.push({ control, checked: control.checked });
    } else if (control.value !== control.defaultValue) given.push({ control, value: control.value });
  }
  return given;
}
