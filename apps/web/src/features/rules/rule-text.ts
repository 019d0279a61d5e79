import type { TElement } from "@formloom/core/element-schema";
import { fieldTypes, isAnswerable } from "@formloom/core/field-registry";
import { OTHER_PREFIX } from "@formloom/core/field-types/choice";
import type { DateSegment, RuleOperator, TCondition, TRuleAction } from "@formloom/core/rule-schema";
import { stripHtml } from "@formloom/core/text";
import type { TFunction } from "i18next";
import { msg } from "../../i18n/i18n.ts";

export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  equal: msg("equal"),
  notEqual: msg("not equal"),
  empty: msg("empty"),
  notEmpty: msg("not empty"),
  contains: msg("contains"),
  notContains: msg("not contains"),
  greater: msg("greater"),
  greaterOrEqual: msg("greater or equal"),
  lower: msg("lower"),
  lowerOrEqual: msg("lower or equal"),
};

export const SEGMENT_LABELS: Record<DateSegment, string> = {
  currentDatetime: msg("Current date and time"),
  currentTime: msg("Current time"),
  dayOfWeek: msg("Day of week"),
  dayOfMonth: msg("Day of month"),
  month: msg("Month"),
  hours: msg("Hours"),
};

export const ACTION_LABELS: Record<TRuleAction["type"], string> = {
  publish: msg("Publish form"),
  unpublish: msg("Unpublish form"),
  show: msg("Show fields"),
  hide: msg("Hide fields"),
  disable: msg("Disable fields"),
  enable: msg("Enable fields"),
  assign: msg("Assign field value"),
  jump: msg("Logic jump"),
  webhook: msg("Call webhook"),
  sendEmail: msg("Send e-mail"),
};

/**
 * The names of what a rule's actions call, by the ids the rule stores: a webhook's title and an
 * e-mail notification's name. Undefined while they load, or when the reader may not list them.
 */
export interface ActionTargets {
  webhooks?: ReadonlyMap<string, string>;
  notifications?: ReadonlyMap<string, string>;
}

/** Operators that compare with nothing. */
export const NO_VALUE: ReadonlySet<RuleOperator> = new Set(["empty", "notEmpty"]);

/** A field's name as the user knows it: its question, else its type, else its id. */
export function fieldLabel(element: TElement | undefined, id: string, t: TFunction): string {
  if (!element) return id;
  const question = stripHtml(element.question ?? "").trim();
  return question || t(fieldTypes[element.fieldType].label);
}

/** Fields a condition can read: those that take an answer. */
export const readableFields = (fields: readonly TElement[]) => fields.filter(isAnswerable);
/** Elements an action can act on: everything but the send button. */
export const targetFields = (fields: readonly TElement[]) =>
  fields.filter((f) => f.fieldType !== "submitBtn");

const variantsOf = (element: TElement | undefined) => element?.fieldSettings.answerVariants ?? [];

/**
 * The values a condition on a choice can take: its options, and its "Other" where it offers one
 * (met by whatever the respondent writes there).
 */
export function conditionChoices(element: TElement | undefined, t: TFunction) {
  const options = variantsOf(element).map((variant) => ({
    value: variant.id,
    label: variant.title || variant.id,
  }));
  return element?.fieldSettings.hasOtherVariant
    ? [...options, { value: OTHER_PREFIX, label: t("Other") }]
    : options;
}

/** A value as the user reads it: a choice's title rather than its id. */
function valueText(element: TElement | undefined, value: unknown, t: TFunction): string {
  const one = (v: unknown) =>
    v === OTHER_PREFIX
      ? t("Other")
      : (variantsOf(element).find((variant) => variant.id === v)?.title ?? String(v));
  if (Array.isArray(value)) return value.map(one).join(", ");
  if (value === undefined || value === null) return "";
  return `“${one(value)}”`;
}

export function conditionText(
  condition: TCondition,
  fields: readonly TElement[],
  t: TFunction,
  depth = 0,
): string {
  if (condition.kind === "group") {
    if (condition.conditions.length === 0) return t("always");
    const joiner = ` ${condition.combinator === "AND" ? t("AND") : t("OR")} `;
    const inner = condition.conditions.map((c) => conditionText(c, fields, t, depth + 1)).join(joiner);
    return depth > 0 && condition.conditions.length > 1 ? `(${inner})` : inner;
  }
  const operator = t(OPERATOR_LABELS[condition.operator]);
  if (condition.kind === "date") {
    const subject = t(SEGMENT_LABELS[condition.segment]);
    return NO_VALUE.has(condition.operator)
      ? `${subject} ${operator}`
      : `${subject} ${operator} ${condition.value}`;
  }
  const element = fields.find((f) => f.id === condition.fieldId);
  const subject = fieldLabel(element, condition.fieldId, t);
  return NO_VALUE.has(condition.operator)
    ? `${subject} ${operator}`
    : `${subject} ${operator} ${valueText(element, condition.value, t)}`;
}

/** A called webhook's or notification's name; its stored id is no name a person knows. */
function targetName(names: ReadonlyMap<string, string> | undefined, id: string, t: TFunction): string {
  if (!names) return "…";
  return names.get(id) ?? t("(no longer exists)");
}

export function actionText(
  action: TRuleAction,
  fields: readonly TElement[],
  t: TFunction,
  targets: ActionTargets = {},
): string {
  const name = (id: string) =>
    fieldLabel(
      fields.find((f) => f.id === id),
      id,
      t,
    );
  const label = t(ACTION_LABELS[action.type]);
  switch (action.type) {
    case "show":
    case "hide":
    case "disable":
    case "enable":
      return `${label}: ${action.fieldIds.map(name).join(", ")}`;
    case "assign":
      return `${label}: ${name(action.fieldId)} = ${valueText(
        fields.find((f) => f.id === action.fieldId),
        action.value,
        t,
      )}`;
    case "jump":
      return `${label}: ${name(action.targetFieldId)}`;
    case "webhook":
      return `${label}: ${targetName(targets.webhooks, action.webhookId, t)}`;
    case "sendEmail":
      return `${label}: ${targetName(targets.notifications, action.notificationId, t)}`;
    default:
      return label;
  }
}
