import { checkDateCondition } from "./date-segments.ts";
import type { TElement } from "./element-schema.ts";
import { MESSAGES, type MessageCode } from "./errors.ts";
import { isAnswerable } from "./field-registry.ts";
import { compare } from "./rule-operators.ts";
import type { TCondition, TRule, TRuleAction } from "./rule-schema.ts";

export interface ElementState {
  hidden: boolean;
  disabled: boolean;
}

/** A side effect for the server to carry out (rules never perform I/O themselves). */
export type RuleIntent =
  | { type: "publish"; ruleId: string }
  | { type: "unpublish"; ruleId: string }
  | { type: "webhook"; ruleId: string; webhookId: string }
  | { type: "sendEmail"; ruleId: string; notificationId: string };

export interface RuleOutcome {
  /** Visible and enabled state of every element after the rules. */
  elements: Record<string, ElementState>;
  /** The answers with the rules' assigned values laid over them. */
  values: Record<string, unknown>;
  assigned: Record<string, unknown>;
  /** Where a logic jump sends the respondent (the last matching jump wins). */
  jumpTo: string | null;
  intents: RuleIntent[];
  /** Ids of the rules whose condition held. */
  matched: string[];
  /** The rules kept changing each other's values and were stopped (see validateRules). */
  cycle: boolean;
}

export interface EvaluateOptions {
  now?: Date;
  timeZone?: string;
  /** "change" runs the rules meant for filling; "submit" adds the ones meant for sending. */
  event?: "change" | "submit";
}

const MAX_DEPTH = 32;

function holds(
  condition: TCondition,
  values: Record<string, unknown>,
  now: Date,
  timeZone: string | undefined,
  depth = 0,
): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (condition.kind) {
    case "field":
      return compare(values[condition.fieldId], condition.operator, condition.value);
    case "date":
      return checkDateCondition(condition, now, timeZone);
    case "group": {
      const results = condition.conditions.map((inner) => holds(inner, values, now, timeZone, depth + 1));
      // An empty group places no condition.
      if (results.length === 0) return true;
      return condition.combinator === "AND" ? results.every(Boolean) : results.some(Boolean);
    }
  }
}

function sameValues(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys)
    if (!Object.is(a[key], b[key]) && JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
  return true;
}

/** The rules that change a field as the respondent answers: on, and run while filling. */
const liveRules = (rules: readonly TRule[]) => rules.filter((rule) => rule.enabled && rule.when === "change");

const actsOn = (rule: TRule, type: "show" | "enable", fieldId: string) =>
  [...rule.then, ...rule.else].some((action) => action.type === type && action.fieldIds.includes(fieldId));

/**
 * The rules that show a field and those that enable it. Such a field waits for them: it starts
 * hidden (disabled), as SurveyJS's visibleIf and Jotform's show conditions do, so "if the score
 * is low, show Why" asks only those who gave a low score without the author also hiding Why.
 */
export function revealingRules(
  rules: readonly TRule[],
  fieldId: string,
): { shows: TRule[]; enables: TRule[] } {
  const live = liveRules(rules);
  return {
    shows: live.filter((rule) => actsOn(rule, "show", fieldId)),
    enables: live.filter((rule) => actsOn(rule, "enable", fieldId)),
  };
}

/** Each element's state before the rules act: as the author set it, or waiting for a rule that reveals it. */
function startingState(elements: readonly TElement[], rules: readonly TRule[]) {
  const shown = new Set<string>();
  const enabled = new Set<string>();
  for (const rule of liveRules(rules)) {
    for (const action of [...rule.then, ...rule.else]) {
      if (action.type === "show") for (const id of action.fieldIds) shown.add(id);
      if (action.type === "enable") for (const id of action.fieldIds) enabled.add(id);
    }
  }
  const state: Record<string, ElementState> = {};
  for (const element of elements) {
    state[element.id] = {
      hidden: element.isHidden || shown.has(element.id),
      disabled: element.isDisabled || enabled.has(element.id),
    };
  }
  return state;
}

/** One pass over the rules against fixed values. */
function pass(
  elements: readonly TElement[],
  rules: readonly TRule[],
  values: Record<string, unknown>,
  options: EvaluateOptions,
) {
  const now = options.now ?? new Date();
  const state = startingState(elements, rules);
  const assigned: Record<string, unknown> = {};
  const intents: RuleIntent[] = [];
  const matched: string[] = [];
  let jumpTo: string | null = null;

  const apply = (ruleId: string, action: TRuleAction) => {
    const set = (ids: readonly string[], patch: Partial<ElementState>) => {
      for (const id of ids) if (state[id]) state[id] = { ...state[id], ...patch };
    };
    switch (action.type) {
      case "show":
        return set(action.fieldIds, { hidden: false });
      case "hide":
        return set(action.fieldIds, { hidden: true });
      case "enable":
        return set(action.fieldIds, { disabled: false });
      case "disable":
        return set(action.fieldIds, { disabled: true });
      case "assign":
        if (state[action.fieldId]) assigned[action.fieldId] = action.value;
        return;
      case "jump":
        if (state[action.targetFieldId]) jumpTo = action.targetFieldId;
        return;
      case "publish":
      case "unpublish":
        return intents.push({ type: action.type, ruleId });
      case "webhook":
        return intents.push({ type: "webhook", ruleId, webhookId: action.webhookId });
      case "sendEmail":
        return intents.push({ type: "sendEmail", ruleId, notificationId: action.notificationId });
    }
  };

  for (const rule of rules) {
    if (!rule.enabled) continue;
    if (rule.when === "submit" && options.event !== "submit") continue;
    const ok = holds(rule.if, values, now, options.timeZone);
    if (ok) matched.push(rule.id);
    for (const action of ok ? rule.then : rule.else) apply(rule.id, action);
  }
  return { state, assigned, intents, matched, jumpTo };
}

/**
 * Runs the form's rules over the answers. Assigned values feed back into the conditions until
 * nothing changes; rules that keep changing each other are stopped after as many rounds as
 * there are rules, and `cycle` says so. Pure: the same input always gives the same outcome.
 */
export function evaluate(
  elements: readonly TElement[],
  rules: readonly TRule[],
  answers: Record<string, unknown>,
  options: EvaluateOptions = {},
): RuleOutcome {
  let values = { ...answers };
  let result = pass(elements, rules, values, options);
  // Without assignments nothing feeds back into the conditions: one pass is the outcome.
  const assigns = rules.some(
    (rule) => rule.enabled && [...rule.then, ...rule.else].some((action) => action.type === "assign"),
  );
  let cycle = assigns;
  for (let round = 0; assigns && round <= rules.length + 1; round++) {
    const next = { ...answers, ...result.assigned };
    if (sameValues(next, values)) {
      cycle = false;
      break;
    }
    values = next;
    result = pass(elements, rules, values, options);
  }
  return {
    elements: result.state,
    values,
    assigned: result.assigned,
    jumpTo: result.jumpTo,
    intents: result.intents,
    matched: result.matched,
    cycle,
  };
}

export interface RuleIssue {
  ruleId: string;
  code: MessageCode;
  message: string;
}

function fieldsOf(condition: TCondition, depth = 0): string[] {
  if (depth > MAX_DEPTH) return [];
  if (condition.kind === "field") return [condition.fieldId];
  if (condition.kind === "group") return condition.conditions.flatMap((inner) => fieldsOf(inner, depth + 1));
  return [];
}

function targetsOf(action: TRuleAction): string[] {
  if ("fieldIds" in action) return action.fieldIds;
  if (action.type === "assign") return [action.fieldId];
  if (action.type === "jump") return [action.targetFieldId];
  return [];
}

/**
 * Checks rules before they are saved: names, fields that exist, and assignment cycles (a rule
 * reading field A and assigning B, and another reading B and assigning A).
 */
export function validateRules(elements: readonly TElement[], rules: readonly TRule[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const issue = (ruleId: string, code: MessageCode) => issues.push({ ruleId, code, message: MESSAGES[code] });
  const known = new Set(elements.map((element) => element.id));
  const answerable = new Set(elements.filter(isAnswerable).map((element) => element.id));

  for (const rule of rules) {
    if (rule.name.trim() === "") issue(rule.id, "form_rule.name.empty");
    else if (rule.name.trim().length < 2) issue(rule.id, "form_rule.name.too_short");
    const referenced = [...fieldsOf(rule.if), ...[...rule.then, ...rule.else].flatMap(targetsOf)];
    if (referenced.some((id) => !known.has(id))) issue(rule.id, "form_rule.field.unknown");
    // A condition reads an answer: on a formula or a text block it could never hold (the rule
    // editor offers only questions).
    else if (fieldsOf(rule.if).some((id) => !answerable.has(id))) issue(rule.id, "form_rule.field.no_answer");
  }

  // Edges: a field a rule reads → a field that rule assigns.
  const edges = new Map<string, Array<{ to: string; ruleId: string }>>();
  for (const rule of rules.filter((r) => r.enabled)) {
    const assigns = [...rule.then, ...rule.else]
      .filter((a) => a.type === "assign")
      .map((a) => (a.type === "assign" ? a.fieldId : ""));
    for (const from of fieldsOf(rule.if)) {
      for (const to of assigns) edges.set(from, [...(edges.get(from) ?? []), { to, ruleId: rule.id }]);
    }
  }
  const inCycle = new Set<string>();
  const visit = (node: string, path: Array<{ node: string; ruleId: string }>) => {
    for (const edge of edges.get(node) ?? []) {
      const at = path.findIndex((step) => step.node === edge.to);
      if (at !== -1 || edge.to === path[0]?.node) {
        for (const step of path.slice(Math.max(at, 0) + 1)) inCycle.add(step.ruleId);
        inCycle.add(edge.ruleId);
        continue;
      }
      if (path.length < 200) visit(edge.to, [...path, { node: edge.to, ruleId: edge.ruleId }]);
    }
  };
  for (const start of edges.keys()) visit(start, [{ node: start, ruleId: "" }]);
  for (const ruleId of inCycle) if (ruleId) issue(ruleId, "form_rule.cycle");
  return issues;
}

/** The fields whose answers a rule's conditions read. */
export const fieldsReadBy = (rule: TRule): string[] => fieldsOf(rule.if);

/** The rules whose conditions read a field or whose actions act on it. */
export function rulesUsingField(rules: readonly TRule[], fieldId: string): TRule[] {
  return rules.filter((rule) =>
    [...fieldsOf(rule.if), ...[...rule.then, ...rule.else].flatMap(targetsOf)].includes(fieldId),
  );
}

/** The enabled rules whose conditions compare `fieldId`'s answer with one of these options. */
export function rulesUsingOptions(
  rules: readonly TRule[],
  fieldId: string,
  optionIds: ReadonlySet<string>,
): TRule[] {
  const names = (condition: TCondition, depth = 0): boolean => {
    if (depth > MAX_DEPTH || condition.kind === "date") return false;
    if (condition.kind === "group") return condition.conditions.some((inner) => names(inner, depth + 1));
    const values = Array.isArray(condition.value) ? condition.value : [condition.value];
    return (
      condition.fieldId === fieldId &&
      values.some((value) => typeof value === "string" && optionIds.has(value))
    );
  };
  return rules.filter((rule) => rule.enabled && names(rule.if));
}

/**
 * The rules once options of a field are removed: those comparing the field with a removed option
 * no longer mean what their author wrote, and are turned off until checked; `off` lists them.
 */
export function detachOptions(
  rules: TRule[],
  fieldId: string,
  optionIds: ReadonlySet<string>,
): { rules: TRule[]; off: TRule[] } {
  const off = optionIds.size > 0 ? rulesUsingOptions(rules, fieldId, optionIds) : [];
  if (off.length === 0) return { rules, off };
  const ids = new Set(off.map((rule) => rule.id));
  return { rules: rules.map((rule) => (ids.has(rule.id) ? { ...rule, enabled: false } : rule)), off };
}

function conditionWithout(condition: TCondition, fieldId: string): TCondition | null {
  if (condition.kind === "field") return condition.fieldId === fieldId ? null : condition;
  if (condition.kind === "date") return condition;
  const conditions = condition.conditions.flatMap((inner) => conditionWithout(inner, fieldId) ?? []);
  return { ...condition, conditions };
}

function actionWithout(action: TRuleAction, fieldId: string): TRuleAction | null {
  if ("fieldIds" in action) {
    const fieldIds = action.fieldIds.filter((id) => id !== fieldId);
    return fieldIds.length > 0 ? { ...action, fieldIds } : null;
  }
  return targetsOf(action).includes(fieldId) ? null : action;
}

/** What deleting a field does to a rule that uses it. */
export interface DetachedRule {
  rule: TRule;
  /** "off": kept without the field and turned off; "deleted": nothing was left for it to do. */
  outcome: "off" | "deleted";
}

/**
 * The rules once a field is deleted from the form: every rule that used it loses its conditions
 * on the field and the field among its actions' targets, and is turned off, since it no longer
 * means what its author wrote; a rule left without any action is deleted. Rules that never used
 * the field stay as they are (the same list when none did).
 */
export function detachField(rules: TRule[], fieldId: string): { rules: TRule[]; detached: DetachedRule[] } {
  const using = new Set(rulesUsingField(rules, fieldId).map((rule) => rule.id));
  if (using.size === 0) return { rules, detached: [] };
  const detached: DetachedRule[] = [];
  const kept = rules.flatMap((rule) => {
    if (!using.has(rule.id)) return [rule];
    const then = rule.then.flatMap((action) => actionWithout(action, fieldId) ?? []);
    if (then.length === 0) {
      detached.push({ rule, outcome: "deleted" });
      return [];
    }
    detached.push({ rule, outcome: "off" });
    const condition = conditionWithout(rule.if, fieldId);
    return [
      {
        ...rule,
        enabled: false,
        if: condition?.kind === "group" ? condition : { ...rule.if, conditions: [] },
        then,
        else: rule.else.flatMap((action) => actionWithout(action, fieldId) ?? []),
      },
    ];
  });
  return { rules: kept, detached };
}
