import type { TWebhookPayloadAnswer } from "@formloom/core/api/webhook-payload";
import type { TElement } from "@formloom/core/element-schema";
import { answerToText } from "@formloom/core/field-registry";
import { variantsOf, variantTitle } from "@formloom/core/field-types/choice";
import { questionTitle } from "../exports/columns.ts";

/** The chosen option ids of a choice answer (one id or a list), or null when it is no choice. */
function chosenIds(element: TElement, answer: unknown): string[] | null {
  if (variantsOf(element).length === 0 && element.fieldSettings.hasOtherVariant !== true) return null;
  if (typeof answer === "string") return [answer];
  if (Array.isArray(answer) && answer.every((id) => typeof id === "string")) return answer as string[];
  return null;
}

/**
 * The stored answers with what a person reads beside each id: the question's title and type, the
 * answer as text, and each chosen option's title. The stored keys stay as they were, so receivers
 * written against the ids keep working. Only the answers given are described, so a caller that cut
 * them to what a reader may see sends no title of a hidden question either.
 */
export function readableAnswers(fields: readonly TElement[], stored: unknown): TWebhookPayloadAnswer[] {
  const byId = new Map(fields.map((element) => [element.id, element]));
  const list = Array.isArray(stored) ? (stored as Array<{ fieldId: string; answer: unknown }>) : [];
  return list.map((item) => {
    const element = byId.get(item.fieldId);
    // A question removed since keeps its ids only: its title is no longer the form's.
    if (!element) return item;
    const ids = chosenIds(element, item.answer);
    return {
      ...item,
      question: questionTitle(element, true),
      fieldType: element.fieldType,
      text: answerToText(element, item.answer),
      ...(ids ? { choices: ids.map((id) => ({ id, title: variantTitle(element, id) })) } : {}),
    };
  });
}

/**
 * The submission's page in the product, where a person opens it from a message: by the form's own
 * number, as the results table shows it. Every stored row has one; the id is only a fallback the
 * page redirects from.
 */
export function resultLink(
  linkBase: string,
  answer: { formId: number; id: number; number: number | null },
): string {
  return `${linkBase}/forms/${answer.formId}/results/${answer.number ?? answer.id}`;
}
