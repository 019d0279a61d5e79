import { z } from "zod";
import { ZRule } from "../rule-schema.ts";

/** One rule of one form, for the list of every rule in the account (/form-rules/all). */
export const ZAccountRule = z.object({
  formId: z.number(),
  formTitle: z.string(),
  isPublished: z.boolean(),
  rule: ZRule,
});
export type TAccountRule = z.infer<typeof ZAccountRule>;

export const ZAccountRules = z.object({ rules: z.array(ZAccountRule) });
export type TAccountRules = z.infer<typeof ZAccountRules>;

/**
 * The form's lastChangeDate as last read: a PATCH carrying it in If-Match is refused with 409
 * form.changed when the form was saved since (optimistic concurrency).
 */
export const ZIfMatchHeaders = z.object({
  "if-match": z.iso.datetime({ offset: true }).optional(),
});
