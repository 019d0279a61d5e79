import { z } from "zod";
import { ZElements } from "../element-schema.ts";
import { ZFormSettings, ZFormSettingsPatch } from "../form-schema.ts";

export const ZFormCreateBody = ZFormSettings.extend({ fields: ZElements.default([]) });
export type TFormCreateBody = z.input<typeof ZFormCreateBody>;

export const ZFormPatchBody = ZFormSettingsPatch.extend({ fields: ZElements.optional() });
export type TFormPatchBody = z.input<typeof ZFormPatchBody>;

const ZPerson = z.object({ id: z.number(), username: z.string(), email: z.string() });

/** A form as the API returns it: its settings plus identity and dates. */
export const ZFormView = ZFormSettings.extend({
  id: z.number(),
  creationDate: z.string(),
  lastChangeDate: z.string(),
  lastAnsweredDate: z.string().nullable(),
  creator: ZPerson.nullable(),
  account: z.object({ id: z.number(), name: z.string(), subdomain: z.string() }),
});
export type TFormView = z.infer<typeof ZFormView>;

export const ZFormWithFields = z.object({ form: ZFormView, fields: ZElements });
export type TFormWithFields = z.infer<typeof ZFormWithFields>;

export const ZFormListItem = z.object({
  id: z.number(),
  title: z.string(),
  formPathAlias: z.string(),
  isPublished: z.boolean(),
  type: z.string(),
  creationDate: z.string(),
  lastChangeDate: z.string(),
  lastAnsweredDate: z.string().nullable(),
  answerCount: z.number(),
  newAnswerCount: z.number(),
});
export type TFormListItem = z.infer<typeof ZFormListItem>;

export const ZFormSummary = z.object({
  formId: z.number(),
  title: z.string(),
  answerCount: z.number(),
  newAnswerCount: z.number(),
  lastAnsweredDate: z.string().nullable(),
});
export type TFormSummary = z.infer<typeof ZFormSummary>;

/** The submissions popover: unread submissions in all, and the forms that have them. */
export const ZNewAnswerCount = z.object({ count: z.number(), forms: z.array(ZFormSummary) });
export type TNewAnswerCount = z.infer<typeof ZNewAnswerCount>;

/** The public view of a published form: what a respondent needs to fill it, nothing more. */
export const ZPublicForm = z.object({
  form: ZFormSettings.omit({ description: true }).extend({
    id: z.number(),
    description: z.string(),
    accountSubdomain: z.string(),
  }),
  fields: ZElements,
});
export type TPublicForm = z.infer<typeof ZPublicForm>;
