import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compare } from "./rule-operators.ts";
import {
  RULE_ACTION_TYPES,
  RULE_OPERATORS,
  type TCondition,
  type TRuleAction,
  ZRule,
} from "./rule-schema.ts";
import { detachField, evaluate, revealingRules, rulesUsingField, validateRules } from "./rules.ts";

import { fields, rule, when } from "./rules-test-kit.ts";

describe("operators", () => {
  it.each([
    ["equal", "Yes", "yes", true],
    ["equal", 5, "5", true],
    ["equal", ["v1", "v2"], ["v2", "v1"], true],
    ["equal", ["v1"], ["v1", "v2"], false],
    ["equal", "other:Curry", "other:", true],
    ["equal", ["fish", "other:Curry"], ["other:", "fish"], true],
    ["contains", ["fish", "other:Curry"], "other:", true],
    ["notEqual", "fish", "other:", true],
    ["equal", "Brother: Tom", "other:", false],
    ["notEqual", "a", "b", true],
    ["notEqual", "a", "A", false],
    ["empty", "  ", undefined, true],
    ["empty", [], undefined, true],
    ["empty", 0, undefined, false],
    ["notEmpty", "x", undefined, true],
    ["notEmpty", null, undefined, false],
    ["contains", "Hello world", "WORLD", true],
    ["contains", ["v1", "v3"], "v3", true],
    ["contains", { q1: "v2" }, "v2", true],
    // A grid equals a choice when every row answered chose it; "contains" is met by one row.
    ["equal", { q1: "v2", q2: "v2" }, "v2", true],
    ["equal", { q1: "v2", q2: "v1" }, "v2", false],
    ["notEqual", { q1: "v2", q2: "v1" }, "v2", true],
    ["equal", { q1: ["v1", "v2"], q2: ["v2", "v1"] }, ["v1", "v2"], true],
    ["equal", {}, "v2", false],
    ["equal", { lat: 0, lng: 0 }, "0", false],
    ["contains", undefined, "x", false],
    ["notContains", "Hello", "bye", true],
    ["notContains", ["v1"], "v1", false],
    ["greater", 10, 9, true],
    ["greater", "10", "9", true],
    ["greater", "2026-03-01", "2026-02-28", true],
    ["greater", "abc", 1, false],
    ["greaterOrEqual", 5, 5, true],
    ["lower", 1.5, "1,6", true],
    ["lower", undefined, 3, false],
    ["lowerOrEqual", 3, 3, true],
    ["lowerOrEqual", 4, 3, false],
  ] as const)("%s(%j, %j) is %s", (operator, actual, expected, result) => {
    expect(compare(actual, operator, expected)).toBe(result);
  });

  it("covers every operator of the spec", () => {
    expect([...RULE_OPERATORS].sort()).toEqual(
      [
        "contains",
        "empty",
        "equal",
        "greater",
        "greaterOrEqual",
        "lower",
        "lowerOrEqual",
        "notContains",
        "notEmpty",
        "notEqual",
      ].sort(),
    );
  });
});

describe("AND and OR", () => {
  const group = (combinator: "AND" | "OR", conditions: TCondition[]): TCondition => ({
    kind: "group",
    combinator,
    conditions,
  });
  const hideB: TRuleAction = { type: "hide", fieldIds: ["b"] };
  const hidden = (condition: TCondition, answers: Record<string, unknown>) =>
    evaluate(fields, [rule("r", condition, [hideB])], answers).elements.b?.hidden;

  it("AND needs every condition, OR any, and groups nest", () => {
    const both = group("AND", [when("a", "equal", "x"), when("c", "equal", "y")]);
    const either = group("OR", [when("a", "equal", "x"), when("c", "equal", "y")]);
    expect(hidden(both, { a: "x", c: "y" })).toBe(true);
    expect(hidden(both, { a: "x", c: "z" })).toBe(false);
    expect(hidden(either, { a: "q", c: "y" })).toBe(true);
    expect(hidden(either, { a: "q", c: "q" })).toBe(false);
    const nested = group("AND", [
      when("a", "notEmpty"),
      group("OR", [when("c", "equal", 1), when("d", "equal", 2)]),
    ]);
    expect(hidden(nested, { a: "x", d: "2" })).toBe(true);
    expect(hidden(nested, { a: "x", d: "3" })).toBe(false);
  });
});

describe("actions", () => {
  const always = when("a", "equal", "go");
  const run = (
    actions: TRuleAction[],
    answers: Record<string, unknown> = { a: "go" },
    hiddenAtStart = false,
  ) => {
    const start = fields.map((f) =>
      f.id === "c" ? { ...f, isHidden: hiddenAtStart, isDisabled: hiddenAtStart } : f,
    );
    return evaluate(start, [rule("r", always, actions)], answers);
  };

  it.each(RULE_ACTION_TYPES)("%s does what it says", (type) => {
    switch (type) {
      case "show":
        return expect(run([{ type, fieldIds: ["c"] }], { a: "go" }, true).elements.c?.hidden).toBe(false);
      case "hide":
        return expect(run([{ type, fieldIds: ["c", "d"] }]).elements.d?.hidden).toBe(true);
      case "enable":
        return expect(run([{ type, fieldIds: ["c"] }], { a: "go" }, true).elements.c?.disabled).toBe(false);
      case "disable":
        return expect(run([{ type, fieldIds: ["c"] }]).elements.c?.disabled).toBe(true);
      case "assign":
        return expect(run([{ type, fieldId: "b", value: "set" }]).values.b).toBe("set");
      case "jump":
        return expect(run([{ type, targetFieldId: "d" }]).jumpTo).toBe("d");
      case "publish":
      case "unpublish":
        return expect(run([{ type }]).intents).toEqual([{ type, ruleId: "r" }]);
      case "webhook":
        return expect(run([{ type, webhookId: "w1" }]).intents).toEqual([
          { type, ruleId: "r", webhookId: "w1" },
        ]);
      case "sendEmail":
        return expect(run([{ type, notificationId: "n1" }]).intents).toEqual([
          { type, ruleId: "r", notificationId: "n1" },
        ]);
    }
  });

  it("runs the else actions when the condition fails, and skips disabled rules", () => {
    const r = rule("r", always, [{ type: "hide", fieldIds: ["b"] }], [{ type: "disable", fieldIds: ["b"] }]);
    expect(evaluate(fields, [r], { a: "stop" }).elements.b).toEqual({ hidden: false, disabled: true });
    expect(evaluate(fields, [{ ...r, enabled: false }], { a: "go" }).elements.b).toEqual({
      hidden: false,
      disabled: false,
    });
  });

  it("runs submit rules only on submit", () => {
    const r = rule("r", always, [{ type: "unpublish" }], [], { when: "submit" });
    expect(evaluate(fields, [r], { a: "go" }).intents).toEqual([]);
    expect(evaluate(fields, [r], { a: "go" }, { event: "submit" }).intents).toEqual([
      { type: "unpublish", ruleId: "r" },
    ]);
  });

  it("feeds assigned values into later conditions until nothing changes", () => {
    const chain = [
      rule("r1", when("a", "equal", "go"), [{ type: "assign", fieldId: "b", value: "next" }]),
      rule("r2", when("b", "equal", "next"), [{ type: "assign", fieldId: "c", value: "last" }]),
      rule("r3", when("c", "equal", "last"), [{ type: "hide", fieldIds: ["d"] }]),
    ].reverse();
    const outcome = evaluate(fields, chain, { a: "go" });
    expect(outcome.values).toMatchObject({ a: "go", b: "next", c: "last" });
    expect(outcome.elements.d?.hidden).toBe(true);
    expect(outcome.cycle).toBe(false);
  });
});

describe("fields a rule shows or enables", () => {
  const lowScore = when("a", "lowerOrEqual", 6);
  const showWhy = rule("why", lowScore, [{ type: "show", fieldIds: ["c"] }]);
  const enableWhy = rule("unlock", lowScore, [{ type: "enable", fieldIds: ["c"] }]);

  it("keeps a field a rule shows hidden until the rule shows it, as visibleIf does", () => {
    expect(evaluate(fields, [showWhy], {}).elements.c?.hidden).toBe(true);
    expect(evaluate(fields, [showWhy], { a: 9 }).elements.c?.hidden).toBe(true);
    expect(evaluate(fields, [showWhy], { a: 3 }).elements.c?.hidden).toBe(false);
    // Only the field the rule shows: the others are as the author set them.
    expect(evaluate(fields, [showWhy], { a: 9 }).elements.d).toEqual({ hidden: false, disabled: false });
  });

  it("keeps a field a rule enables disabled until the rule enables it", () => {
    expect(evaluate(fields, [enableWhy], { a: 9 }).elements.c).toEqual({ hidden: false, disabled: true });
    expect(evaluate(fields, [enableWhy], { a: 3 }).elements.c).toEqual({ hidden: false, disabled: false });
  });

  it("leaves a field already set hidden as it was: hidden until shown", () => {
    const hidden = fields.map((f) => (f.id === "c" ? { ...f, isHidden: true } : f));
    expect(evaluate(hidden, [showWhy], { a: 9 }).elements.c?.hidden).toBe(true);
    expect(evaluate(hidden, [showWhy], { a: 3 }).elements.c?.hidden).toBe(false);
  });

  it("starts a field shown by the otherwise actions hidden too, which the rule then shows", () => {
    const otherwise = rule(
      "r",
      when("a", "greater", 6),
      [{ type: "hide", fieldIds: ["c"] }],
      [{ type: "show", fieldIds: ["c"] }],
    );
    expect(evaluate(fields, [otherwise], {}).elements.c?.hidden).toBe(false);
    expect(evaluate(fields, [otherwise], { a: 9 }).elements.c?.hidden).toBe(true);
  });

  it("does not hide a field for a rule that is off or runs only on sending", () => {
    expect(evaluate(fields, [{ ...showWhy, enabled: false }], { a: 9 }).elements.c?.hidden).toBe(false);
    const onSubmit = { ...showWhy, when: "submit" as const };
    expect(evaluate(fields, [onSubmit], { a: 9 }, { event: "submit" }).elements.c?.hidden).toBe(false);
  });

  it("names the rules that show or enable a field, for the builder to say so", () => {
    const hide = rule("hide", lowScore, [{ type: "hide", fieldIds: ["c"] }]);
    expect(revealingRules([showWhy, enableWhy, hide], "c")).toEqual({
      shows: [showWhy],
      enables: [enableWhy],
    });
    expect(revealingRules([showWhy, { ...enableWhy, enabled: false }], "d")).toEqual({
      shows: [],
      enables: [],
    });
  });
});

describe("cycles", () => {
  const flipFlop = [
    rule(
      "r1",
      when("a", "equal", "1"),
      [{ type: "assign", fieldId: "b", value: "1" }],
      [{ type: "assign", fieldId: "b", value: "0" }],
    ),
    rule(
      "r2",
      when("b", "equal", "1"),
      [{ type: "assign", fieldId: "a", value: "0" }],
      [{ type: "assign", fieldId: "a", value: "1" }],
    ),
  ];

  it("stops rules that keep changing each other and says so", () => {
    expect(evaluate(fields, flipFlop, { a: "1" }).cycle).toBe(true);
  });

  it("validateRules reports the cycle, unknown fields and short names", () => {
    const issues = validateRules(fields, [
      ...flipFlop,
      rule("r3", when("zzz", "empty"), [{ type: "hide", fieldIds: ["a"] }]),
      { ...rule("r4", when("a", "empty"), [{ type: "hide", fieldIds: ["b"] }]), name: "x" },
    ]);
    expect(issues.map((i) => `${i.ruleId}:${i.code}`).sort()).toEqual(
      [
        "r1:form_rule.cycle",
        "r2:form_rule.cycle",
        "r3:form_rule.field.unknown",
        "r4:form_rule.name.too_short",
      ].sort(),
    );
    expect(validateRules(fields, [flipFlop[0]!])).toEqual([]);
  });

  it("requires a rule name of at least 2 symbols with the spec's message", () => {
    const result = ZRule.safeParse({ ...flipFlop[0], name: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("form_rule.name.empty");
  });
});

describe("properties", () => {
  const fieldId = fc.constantFrom("a", "b", "c", "d", "ghost");
  const value = fc.oneof(
    fc.string({ maxLength: 5 }),
    fc.integer({ min: -5, max: 5 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  );
  const leaf = fc.record({
    kind: fc.constant("field" as const),
    fieldId,
    operator: fc.constantFrom(...RULE_OPERATORS),
    value,
  });
  const condition: fc.Arbitrary<TCondition> = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: "small" }, leaf, tie("group")),
    group: fc.record({
      kind: fc.constant("group" as const),
      combinator: fc.constantFrom("AND" as const, "OR" as const),
      conditions: fc.array(tie("node"), { maxLength: 3 }),
    }),
  })).node as fc.Arbitrary<TCondition>;
  const action: fc.Arbitrary<TRuleAction> = fc.oneof(
    fc.record({ type: fc.constant("assign" as const), fieldId, value }),
    fc.record({
      type: fc.constantFrom("show" as const, "hide" as const, "enable" as const, "disable" as const),
      fieldIds: fc.array(fieldId, { minLength: 1, maxLength: 2 }),
    }),
    fc.record({ type: fc.constant("jump" as const), targetFieldId: fieldId }),
    fc.record({ type: fc.constantFrom("publish" as const, "unpublish" as const) }),
  );
  const rules = fc
    .array(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 4 }),
        c: condition,
        actions: fc.array(action, { minLength: 1, maxLength: 3 }),
        else: fc.array(action, { maxLength: 2 }),
      }),
      { maxLength: 6 },
    )
    .map((list) => list.map((r) => rule(r.id, r.c, r.actions, r.else)));

  it("never throws on any JSON answers, always ends, and gives the same outcome twice", () => {
    fc.assert(
      fc.property(rules, fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue()), (list, answers) => {
        const first = evaluate(fields, list, answers, { now: new Date(0) });
        const second = evaluate(fields, list, answers, { now: new Date(0) });
        expect(second).toEqual(first);
        expect(Object.keys(first.elements).sort()).toEqual(["a", "b", "c", "d"]);
        validateRules(fields, list);
      }),
      { numRuns: 1000 },
    );
  });

  it("a rule set that validateRules finds no cycle in never reports one", () => {
    fc.assert(
      fc.property(rules, fc.dictionary(fieldId, value), (list, answers) => {
        const cyclic = validateRules(fields, list).some((issue) => issue.code === "form_rule.cycle");
        if (!cyclic) expect(evaluate(fields, list, answers).cycle).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("deleting a field a rule uses", () => {
  const reads = rule("r1", when("a", "equal", "x"), [{ type: "show", fieldIds: ["b", "c"] }]);
  const acts = rule("r2", when("b", "notEmpty"), [{ type: "hide", fieldIds: ["a", "c"] }]);
  const only = rule("r3", when("d", "notEmpty"), [{ type: "assign", fieldId: "a", value: "y" }]);
  const other = rule("r4", when("d", "empty"), [{ type: "hide", fieldIds: ["c"] }]);
  const rules = [reads, acts, only, other];

  it("lists the rules whose conditions read the field or whose actions act on it", () => {
    expect(rulesUsingField(rules, "a").map((r) => r.id)).toEqual(["r1", "r2", "r3"]);
    expect(rulesUsingField(rules, "c").map((r) => r.id)).toEqual(["r1", "r2", "r4"]);
    expect(rulesUsingField(rules, "zzz")).toEqual([]);
  });

  it("takes the field out of the rules, turns them off and deletes one left with nothing to do", () => {
    const { rules: after, detached } = detachField(rules, "a");
    expect(detached.map((d) => [d.rule.id, d.outcome])).toEqual([
      ["r1", "off"],
      ["r2", "off"],
      ["r3", "deleted"],
    ]);
    expect(after.map((r) => [r.id, r.enabled])).toEqual([
      ["r1", false],
      ["r2", false],
      ["r4", true],
    ]);
    expect(after[0]?.if.conditions).toEqual([]);
    expect(after[1]?.then).toEqual([{ type: "hide", fieldIds: ["c"] }]);
    expect(after[2]).toBe(other);
    expect(
      validateRules(
        fields.filter((f) => f.id !== "a"),
        after,
      ),
    ).toEqual([]);
  });

  it("leaves the list itself alone when no rule uses the field", () => {
    expect(detachField(rules, "zzz").rules).toBe(rules);
  });
});
