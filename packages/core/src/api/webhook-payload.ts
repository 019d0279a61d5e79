import { z } from "zod";

/**
 * The body a webhook sends (platform.md §2 "Webhook"). Machines keep reading the ids (formId,
 * answerId, each answer's fieldId and its stored answer); people and no-code tools read the
 * titles beside them. Every key but the envelope's and data's identity is optional: what a
 * delivery carries follows the webhook's data options and what its maker may read of the form.
 */
export const WEBHOOK_EVENT_TYPES = ["form.submitted", "webhook.test"] as const;

export const ZWebhookPayloadChoice = z.object({
  id: z.string().describe("The option's id, or other:<text> for Other"),
  title: z.string().describe("The option's title as the respondent saw it (Other: their own text)"),
});

export const ZWebhookPayloadAnswer = z
  .object({
    fieldId: z.string().describe("The question's id"),
    answer: z.unknown().describe("The answer as stored: option ids for choices"),
    question: z.string().optional().describe("The question's title"),
    fieldType: z.string().optional().describe("The question's type, e.g. text, radio, checkbox"),
    text: z.string().optional().describe("The answer as one line of readable text"),
    choices: z.array(ZWebhookPayloadChoice).optional().describe("The chosen options, with titles"),
  })
  .loose();

export const ZWebhookPayloadData = z
  .object({
    formId: z.number().int(),
    answerId: z.number().int().describe("The submission's internal id; kept for existing receivers"),
    number: z
      .number()
      .int()
      .nullable()
      .describe("The submission's number within its form, as the results table shows it"),
    submitTime: z.string(),
    form: z.object({ id: z.number().int(), title: z.string() }).optional(),
    resultUrl: z.string().optional().describe("The submission's page in Formloom"),
    answers: z.array(ZWebhookPayloadAnswer).optional(),
    result: z.unknown().optional(),
    score: z.number().nullable().optional(),
    fieldScores: z.record(z.string(), z.number()).nullable().optional(),
    tags: z.array(z.string()).optional().describe("The submission's tags (with score_and_tags)"),
    respondent: z
      .object({ userId: z.number().int().nullable(), startTime: z.string().nullable() })
      .optional(),
    geo: z.unknown().optional(),
    device: z.unknown().optional(),
    formPassingTime: z.number().nullable().optional(),
    behaviorAttributes: z
      .record(z.string(), z.number())
      .nullable()
      .optional()
      .describe(
        "The six behavioural attributes, 0–100 (with behaviour): energetic, efficiency, hesitation, distraction, unfocused, rage, from the events logged by the time the delivery is made (the page's last batch may come after); null when none were",
      ),
  })
  .loose();

export const ZWebhookPayload = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: z.string(),
  data: ZWebhookPayloadData,
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
export type TWebhookPayloadAnswer = z.infer<typeof ZWebhookPayloadAnswer>;
export type TWebhookPayloadData = z.infer<typeof ZWebhookPayloadData>;

/** The payload's JSON Schema, as served by the API and kept in docs/webhook-payload.schema.json. */
export function webhookPayloadJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ZWebhookPayload, { io: "output" }),
    $id: "https://formloom.dev/schemas/webhook-payload.schema.json",
    title: "Formloom webhook payload",
  };
}
