/**
 * Answers given on the server's page before its script took it over (typed, ticked, picked)
 * are in the page but not yet in the form's state: each such control tells the form once, as if
 * it had just been changed, so nothing the respondent entered early is lost.
 */
export function keepAnswersGivenEarly(root: HTMLElement): void {
  for (const control of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    "input:not([type=hidden]), textarea, select",
  )) {
    const choice =
      control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
    const changed =
      control instanceof HTMLSelectElement
        ? Array.from(control.options).some((option) => option.selected !== option.defaultSelected)
        : choice
          ? (control as HTMLInputElement).checked !== (control as HTMLInputElement).defaultChecked
          : control.value !== control.defaultValue;
    // A radio button unticked by ticking another says nothing of its own.
    if (!changed || (control instanceof HTMLInputElement && control.type === "radio" && !control.checked))
      continue;
    const type = choice || control instanceof HTMLSelectElement ? "change" : "input";
    control.dispatchEvent(new Event(type, { bubbles: true }));
  }
}
