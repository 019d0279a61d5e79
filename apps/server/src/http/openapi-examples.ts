/**
 * Examples of the main request bodies, by operation (`method path` as the document spells it):
 * what a reader copies to make a first call. Redocly's `no-invalid-media-type-examples` checks
 * each against its body's schema, so an example that drifts from the route fails the lint test.
 */

const FIELDS = [
  { id: "name", fieldType: "text", question: "Your name" },
  { id: "email", fieldType: "email", question: "Your e-mail" },
  {
    id: "visit",
    fieldType: "radio",
    question: "How was your visit?",
    fieldSettings: {
      answerVariants: [
        { id: "good", title: "Good" },
        { id: "bad", title: "Could be better" },
      ],
    },
  },
];

export const EXAMPLES: Record<string, unknown> = {
  "post /api/register": {
    username: "ada",
    email: "ada@example.com",
    password: "correct-horse-battery",
    passwordConfirmation: "correct-horse-battery",
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  },
  "post /api/login": { username: "ada", password: "correct-horse-battery" },
  "post /api/refresh": { refresh_token: "<the refresh_token of the login answer>" },
  "post /api/account/create": { name: "Acme research", subdomain: "acme", type: "company", acceptDpa: true },
  "post /api/external-apps": {
    name: "CRM sync",
    description: "Reads new submissions into the CRM every night",
    allowedIps: ["203.0.113.10"],
  },
  "post /api/forms": {
    title: "Visitor feedback",
    formPathAlias: "feedback",
    language: "EN",
    isPublished: true,
    fields: FIELDS,
  },
  "patch /api/forms/{id}": {
    title: "Visitor feedback (spring)",
    closeAt: "2026-06-30T18:00:00+02:00",
    hideFromSearchEngines: true,
  },
  "post /api/forms/answer": {
    formId: 42,
    startTime: "2026-03-02T09:14:00Z",
    submitTime: "2026-03-02T09:16:30Z",
    answers: [
      { fieldId: "name", answer: "Ada Lovelace" },
      { fieldId: "email", answer: "ada@example.com" },
      { fieldId: "visit", answer: "good" },
    ],
  },
  "post /api/forms/{id}/webhooks": {
    title: "New feedback to Slack",
    endpoint: "https://hooks.slack.com/services/T000/B000/XXXX",
    format: "slack",
    dataOptions: ["form_answer", "respondent_info"],
  },
  "patch /api/forms/{id}/webhooks/{webhookId}": { enabled: false },
};
