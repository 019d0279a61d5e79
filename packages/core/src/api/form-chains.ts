import { z } from "zod";
import { PG_INT_MAX, ZRowId } from "./ids.ts";
import { requiredText, seenName } from "./names.ts";

/** platform.md §3 "Form chain": forms a respondent fills one after another. */
export const FORM_CHAIN_LIMITS = { name: 200, description: 2000, items: 50, itemName: 200 } as const;

/** A form not chosen (null, 0, missing) or an item without a name: "Fill all Form and Name fields…". */
const ZItemFormId = z
  .number({ message: "some.field.is_empty" })
  .int("some.field.is_empty")
  .positive("some.field.is_empty")
  .max(PG_INT_MAX, "some.field.is_empty");

export const ZFormChainItemBody = z.object(
  {
    formId: ZItemFormId,
    name: requiredText("some.field.is_empty")
      .trim()
      .min(1, "some.field.is_empty")
      .max(FORM_CHAIN_LIMITS.itemName),
  },
  { message: "some.field.is_empty" },
);

/** platform.md §5: the chain's name is required; each item needs a form and a name. */
export const ZFormChainBody = z.object({
  name: seenName("form_chain.name.empty").trim().min(1, "form_chain.name.empty").max(FORM_CHAIN_LIMITS.name),
  description: z.string().trim().max(FORM_CHAIN_LIMITS.description).default(""),
  items: z.array(ZFormChainItemBody).max(FORM_CHAIN_LIMITS.items).default([]),
});
export type TFormChainBody = z.infer<typeof ZFormChainBody>;

export const ZFormChainItem = z.object({
  formId: z.number(),
  name: z.string(),
  /** The form's title and published state as they are now. */
  formTitle: z.string(),
  formAlias: z.string(),
  isPublished: z.boolean(),
});
export type TFormChainItem = z.infer<typeof ZFormChainItem>;

export const ZFormChain = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  items: z.array(ZFormChainItem),
  creationDate: z.string(),
});
export type TFormChain = z.infer<typeof ZFormChain>;

export const ZFormChainList = z.object({ chains: z.array(ZFormChain) });

/** One respondent's way through a chain: the submissions it tied together, in chain order. */
export const ZFormChainRun = z.object({
  run: z.string(),
  startedAt: z.string(),
  submissions: z.array(
    z.object({
      position: z.number(),
      formId: z.number(),
      itemName: z.string(),
      formTitle: z.string(),
      answerId: z.number(),
      /** The form's own number of the submission, which its page's address carries. */
      number: z.number().nullable(),
      submitTime: z.string(),
    }),
  ),
});
export type TFormChainRun = z.infer<typeof ZFormChainRun>;

export const ZFormChainRuns = z.object({ chain: ZFormChain, runs: z.array(ZFormChainRun) });
export type TFormChainRuns = z.infer<typeof ZFormChainRuns>;

export const ZFormChainParams = z.object({ id: ZRowId });

/** Where a public form stands in the chain the respondent came through (the progress shown). */
export const ZChainPlace = z.object({ current: z.number(), total: z.number() });
export type TChainPlace = z.infer<typeof ZChainPlace>;
