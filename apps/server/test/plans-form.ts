// A form whose ending screen a rule chooses: "Pro" as the plan reaches "Welcome aboard, pro".
// Shared by the tests of ending screens sent through the API and posted without JavaScript.

/** The form, its ending screen's text as given (rich text, as the builder saves it). */
export const plansForm = (endingText: string) => ({
  title: "Plans",
  formPathAlias: "plans",
  fields: [
    {
      id: "plan",
      fieldType: "radio",
      question: "Your plan?",
      fieldSettings: {
        answerVariants: [
          { id: "pro", title: "Pro" },
          { id: "free", title: "Free" },
        ],
      },
    },
  ],
  conditionalRules: [
    {
      id: "r-pro",
      name: "Pro customer",
      when: "submit",
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: "plan", operator: "equal", value: "pro" }],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then"; rules are never awaited.
      then: [{ type: "show", fieldIds: ["plan"] }],
    },
  ],
  endingScreens: [
    {
      id: "end-pro",
      when: { kind: "rule", ruleId: "r-pro" },
      title: "Welcome aboard, pro",
      text: endingText,
    },
  ],
});
