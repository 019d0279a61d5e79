import { z } from "zod";
import { requiredText } from "./api/names.ts";

/** forms.md §9 / platform.md §9: rule operators (AND and OR are the group combinators). */
export const RULE_OPERATORS = [
  "equal",
  "notEqual",
  "empty",
  "notEmpty",
  "contains",
  "notContains",
  "greater",
  "greaterOrEqual",
  "lower",
  "lowerOrEqual",
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** The date segments a condition can test the current moment by. */
export const DATE_SEGMENTS = [
  "currentDatetime",
  "currentTime",
  "dayOfWeek",
  "dayOfMonth",
  "month",
  "hours",
] as const;
export type DateSegment = (typeof DATE_SEGMENTS)[number];

const ZId = z.string().min(1).max(64);
const ZValue = z.union([
  z.string().max(10_000),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(1000)).max(500),
  z.null(),
]);

export const ZFieldCondition = z.object({
  kind: z.literal("field"),
  fieldId: ZId,
  operator: z.enum(RULE_OPERATORS),
  value: ZValue.optional(),
});

export const ZDateCondition = z.object({
  kind: z.literal("date"),
  segment: z.enum(DATE_SEGMENTS),
  operator: z.enum(RULE_OPERATORS),
  value: z.union([z.string().max(40), z.number().finite()]),
});

export type TFieldCondition = z.infer<typeof ZFieldCondition>;
export type TDateCondition = z.infer<typeof ZDateCondition>;
export interface TConditionGroup {
  kind: "group";
  combinator: "AND" | "OR";
  conditions: TCondition[];
}
export type TCondition = TFieldCondition | TDateCondition | TConditionGroup;

// Recursive, so each carries an id: API documents refer to it by name instead of repeating it.
export const ZConditionGroup: z.ZodType<TConditionGroup, TConditionGroup> = z
  .lazy(() =>
    z.object({
      kind: z.literal("group"),
      combinator: z.enum(["AND", "OR"]),
      conditions: z.array(ZCondition).max(100),
    }),
  )
  .meta({ id: "RuleConditionGroup" });
export const ZCondition: z.ZodType<TCondition, TCondition> = z
  .lazy(() => z.union([ZFieldCondition, ZDateCondition, ZConditionGroup]))
  .meta({ id: "RuleCondition" });

const ZFieldIds = z.array(ZId).min(1).max(500);

/** The then-actions of platform.md §4. */
export const ZRuleAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("publish") }),
  z.object({ type: z.literal("unpublish") }),
  z.object({ type: z.literal("show"), fieldIds: ZFieldIds }),
  z.object({ type: z.literal("hide"), fieldIds: ZFieldIds }),
  z.object({ type: z.literal("disable"), fieldIds: ZFieldIds }),
  z.object({ type: z.literal("enable"), fieldIds: ZFieldIds }),
  z.object({ type: z.literal("assign"), fieldId: ZId, value: ZValue }),
  z.object({ type: z.literal("jump"), targetFieldId: ZId }),
  z.object({ type: z.literal("webhook"), webhookId: ZId }),
  z.object({ type: z.literal("sendEmail"), notificationId: ZId }),
]);
export type TRuleAction = z.infer<typeof ZRuleAction>;
export const RULE_ACTION_TYPES = ZRuleAction.options.map((option) => option.shape.type.value);

export const ZRule = z.object({
  id: ZId,
  name: requiredText("form_rule.name.empty")
    .trim()
    .min(1, "form_rule.name.empty")
    .min(2, "form_rule.name.too_short")
    .max(200),
  enabled: z.boolean().default(true),
  /** "change": as the respondent answers (visibility, values, jumps); "submit": once, on sending. */
  when: z.enum(["change", "submit"]).default("change"),
  if: ZConditionGroup,
  // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then"; rules are never awaited.
  then: z.array(ZRuleAction).min(1).max(100),
  else: z.array(ZRuleAction).max(100).default([]),
});
export type TRule = z.infer<typeof ZRule>;
export type TRuleInput = z.input<typeof ZRule>;
