/**
 * The typical form of the public page's budget (issue 15): ten questions of the common types.
 * The public-page bench and the browser test that guards the budget both build it.
 */
export const TYPICAL_FIELDS = [
  { id: "name", fieldType: "text", question: "Your name", isRequired: true },
  { id: "mail", fieldType: "email", question: "Your e-mail address", isRequired: true },
  {
    id: "plan",
    fieldType: "radio",
    question: "Which plan do you use?",
    fieldSettings: { answerVariants: variants(3) },
  },
  {
    id: "topics",
    fieldType: "checkbox",
    question: "Topics you care about",
    fieldSettings: { answerVariants: variants(4) },
  },
  { id: "nps", fieldType: "nps", question: "How likely are you to recommend us?" },
  { id: "story", fieldType: "textarea", question: "Tell us more" },
  { id: "city", fieldType: "select", question: "Your city", fieldSettings: { answerVariants: variants(5) } },
  { id: "age", fieldType: "number", question: "Your age", validationSettings: { min: 0, max: 130 } },
  {
    id: "when",
    fieldType: "dateTime",
    question: "Date of your visit",
    fieldSettings: { dateTimeMode: "date" },
  },
  { id: "stars", fieldType: "rate", question: "Your rating of the visit", fieldSettings: { maxRating: 5 } },
].map((field, fieldOrder) => ({ ...field, fieldOrder }));

export const TYPICAL_QUESTIONS = TYPICAL_FIELDS.map((field) => field.question);

/** The public page's budget of gzipped JavaScript for the typical form. */
export const PUBLIC_JS_BUDGET_BYTES = 80 * 1024;

function variants(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `v${i + 1}`,
    title: `Option ${i + 1}`,
    value: `${i + 1}`,
  }));
}
