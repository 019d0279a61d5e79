/** Texts and constants of forms.md §9 that more than one layer needs. */
export const DEFAULT_TEXTS = {
  sendButton: "Send",
  thankYouPageText: "Thank you for submitting this form!",
  thankYouPageTitle: "Form [form_title] was submitted successfully!",
  completeFormButton: "Complete form again",
  nextSubmissionText: "You can not submit this form twice in such short time. Please wait!",
  newQuestion: "Here will be your question",
  fieldComment: "Here will be your field comments and rules",
  fieldLabel: "field label",
  newVariant: "Variant",
  otherVariant: "Other",
} as const;

export const FORM_TITLE_PLACEHOLDER = "[form_title]";

/** Fills the form-title placeholder of the thank-you title. */
export function thankYouTitle(template: string, formTitle: string): string {
  return template.split(FORM_TITLE_PLACEHOLDER).join(formTitle);
}
