import { z } from "zod";
import { ZElement } from "../element-schema.ts";
import { ZRowId } from "./ids.ts";

/**
 * The questions database (forms.md §2, §7 "GET /forms/elements-categories/account"): elements
 * saved by an account's members into named categories, to be inserted into any of its forms.
 */
export const QUESTION_BANK_LIMIT = 500;

const ZCategoryName = z.string().trim().min(1, "question_bank.category.empty").max(100);

export const ZSavedElementBody = z.object({ category: ZCategoryName, element: ZElement });
export type TSavedElementBody = z.input<typeof ZSavedElementBody>;

export const ZSavedElement = z.object({
  id: z.number(),
  category: z.string(),
  element: ZElement,
  creationDate: z.string(),
});
export type TSavedElement = z.infer<typeof ZSavedElement>;

export const ZElementCategories = z.object({
  categories: z.array(z.object({ name: z.string(), elements: z.array(ZSavedElement) })),
});
export type TElementCategories = z.infer<typeof ZElementCategories>;

export const ZSavedElementParams = z.object({ elementId: ZRowId });
