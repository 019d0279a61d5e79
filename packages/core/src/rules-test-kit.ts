// The form and rule builders the rules' tests share.
import { type TElement, ZElement } from "./element-schema.ts";
import { createElement } from "./new-element.ts";
import { type RULE_OPERATORS, type TCondition, type TRule, type TRuleAction, ZRule } from "./rule-schema.ts";

/** Four text fields, a to d. */
export const fields: TElement[] = ["a", "b", "c", "d"].map((id, i) =>
  ZElement.parse({ ...createElement("text", id, i) }),
);

export function rule(
  id: string,
  condition: TCondition,
  actions: TRuleAction[],
  otherwise: TRuleAction[] = [],
  extra: Partial<TRule> = {},
): TRule {
  return ZRule.parse({
    id,
    name: `Rule ${id}`,
    if: { kind: "group", combinator: "AND", conditions: [condition] },
    // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
    then: actions,
    else: otherwise,
    ...extra,
  });
}
export const when = (fieldId: string, operator: (typeof RULE_OPERATORS)[number], value?: unknown) =>
  ({ kind: "field", fieldId, operator, value }) as TCondition;
