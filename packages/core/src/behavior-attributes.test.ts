import { describe, expect, it } from "vitest";
import type { BehaviorEvent } from "./behavior.ts";
import { behaviorAttributes, fieldTimes, inSegment } from "./behavior-attributes.ts";

const focus = (field: string, at: number): BehaviorEvent => ({ type: "focus", at, field });
const blur = (field: string, at: number): BehaviorEvent => ({ type: "blur", at, field });
const click = (at: number, x: number, y: number): BehaviorEvent => ({ type: "click", at, x, y });

/**
 * One minute: q1 for 10 s with ten characters typed and two erased, q2 for 10 s, the page hidden
 * for 15 s, q1 again for 5 s, three quick clicks on one spot and one elsewhere, a last pointer move.
 */
const minute: BehaviorEvent[] = [
  focus("q1", 0),
  { type: "input", at: 1000, field: "q1", count: 10 },
  { type: "input", at: 2000, field: "q1", count: -2 },
  blur("q1", 10_000),
  focus("q2", 10_000),
  blur("q2", 20_000),
  { type: "hide", at: 20_000 },
  { type: "show", at: 35_000 },
  focus("q1", 35_000),
  blur("q1", 40_000),
  click(41_000, 100, 100),
  click(41_300, 105, 100),
  click(41_600, 100, 110),
  click(50_000, 500, 500),
  { type: "move", at: 60_000, x: 1, y: 1 },
];

const elements = [
  { id: "q1", userBehaviorSettings: { minTime: 20 } },
  { id: "q2", userBehaviorSettings: { maxTime: 30 } },
];

describe("behavioural attributes", () => {
  it("measures a filling of more events than a call can take as arguments (400,000 logged)", () => {
    const flood: BehaviorEvent[] = Array.from({ length: 400_000 }, (_, i) => ({
      type: "blur",
      at: 1 + (i % 7),
    }));
    expect(() => behaviorAttributes(flood, [])).not.toThrow();
  });

  it("measures each question's time over its visits", () => {
    expect(fieldTimes(minute)).toEqual([
      { field: "q1", ms: 15_000, visits: 2 },
      { field: "q2", ms: 10_000, visits: 1 },
    ]);
  });

  it("counts a question the page ended on up to the last event", () => {
    expect(fieldTimes([focus("q1", 1000), { type: "move", at: 4000 }])).toEqual([
      { field: "q1", ms: 3000, visits: 1 },
    ]);
  });

  it("gives the known values of a one-minute filling", () => {
    expect(behaviorAttributes(minute, elements)).toEqual({
      // 7 actions (2 inputs, 4 clicks, 1 move) in 45 visible seconds: 9.3 a minute of 120.
      energetic: 8,
      // q1's 15 s is shorter than its 20 s; q2's 10 s is within its 30 s.
      efficiency: 50,
      // Half the questions visited again (0.5), 2 of 10 characters erased (0.2): their mean.
      hesitation: 35,
      // 15 of 60 seconds hidden.
      distraction: 25,
      // 25 of the 45 visible seconds on a question.
      unfocused: 44,
      // 3 of the 4 clicks in one burst.
      rage: 75,
    });
  });

  it("does not depend on the order the events arrive in", () => {
    expect(behaviorAttributes([...minute].reverse(), elements)).toEqual(behaviorAttributes(minute, elements));
  });

  it("counts questions without expected times as within them", () => {
    expect(behaviorAttributes(minute, [])?.efficiency).toBe(100);
  });

  it("caps energetic at 100 and keeps every value between 0 and 100", () => {
    const busy: BehaviorEvent[] = Array.from({ length: 300 }, (_, i) => ({ type: "move", at: i * 100 }));
    expect(behaviorAttributes(busy, [])).toEqual({
      energetic: 100,
      efficiency: 0,
      hesitation: 0,
      distraction: 0,
      unfocused: 100,
      rage: 0,
    });
  });

  it("does not take slow or scattered clicks for rage", () => {
    const calm = [
      click(0, 10, 10),
      click(1000, 10, 10),
      click(2000, 10, 10),
      click(2100, 200, 200),
      click(2200, 10, 10),
    ];
    expect(behaviorAttributes(calm, [])?.rage).toBe(0);
  });

  it("counts a page left hidden until the end as distraction", () => {
    const left = [
      focus("q1", 0),
      blur("q1", 1000),
      { type: "hide", at: 1000 } as BehaviorEvent,
      { type: "move", at: 4000 } as BehaviorEvent,
    ];
    expect(behaviorAttributes(left, [])).toMatchObject({ distraction: 75, unfocused: 0 });
  });

  it("measures nothing without events or time", () => {
    expect(behaviorAttributes([], [])).toBeNull();
    expect(behaviorAttributes([focus("q1", 0)], [])).toBeNull();
  });
});

describe("segment membership", () => {
  const attributes = behaviorAttributes(minute, elements);

  it("takes a submission whose every attribute is within its bounds, both ends included", () => {
    expect(inSegment(attributes, [{ attribute: "rage", from: 75, to: 100 }])).toBe(true);
    expect(
      inSegment(attributes, [
        { attribute: "rage", from: 50, to: 100 },
        { attribute: "distraction", from: 0, to: 25 },
      ]),
    ).toBe(true);
  });

  it("leaves out a submission with one attribute outside, or with nothing measured", () => {
    expect(
      inSegment(attributes, [
        { attribute: "rage", from: 50, to: 100 },
        { attribute: "energetic", from: 50, to: 100 },
      ]),
    ).toBe(false);
    expect(inSegment(null, [{ attribute: "rage", from: 0, to: 100 }])).toBe(false);
    expect(inSegment(attributes, [])).toBe(false);
  });
});
