import type { BehaviorEvent } from "./behavior.ts";
import type { TElement } from "./element-schema.ts";

/**
 * The six behavioural attributes of a submission (platform.md §3), each a whole number from 0 to
 * 100, computed from the events its page recorded (POST /api/forms/logger). The formulas are
 * written out in docs/behaviour.md; the spider chart, the behaviour pages and the segments all
 * read them from here, so a submission has one value of each wherever it is shown.
 */
export const BEHAVIOR_ATTRIBUTES = [
  "energetic",
  "efficiency",
  "hesitation",
  "distraction",
  "unfocused",
  "rage",
] as const;
export type BehaviorAttribute = (typeof BEHAVIOR_ATTRIBUTES)[number];
export type BehaviorAttributes = Record<BehaviorAttribute, number>;

/** Pointer and typing actions a minute at which a respondent counts as fully energetic. */
export const ENERGETIC_FULL_PER_MINUTE = 120;
/** Clicks joined into one burst: each this soon after the one before … */
export const RAGE_CLICK_GAP_MS = 700;
/** … this close to the burst's first click … */
export const RAGE_CLICK_RADIUS_PX = 30;
/** … and this many of them at least. */
export const RAGE_CLICK_MIN = 3;

type TimedElement = Pick<TElement, "id" | "userBehaviorSettings">;

/** How long a question held the focus, over how many visits. */
export interface FieldTime {
  field: string;
  ms: number;
  visits: number;
}

const ordered = (events: readonly BehaviorEvent[]) =>
  events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.at - b.event.at || a.index - b.index);

/**
 * Each question's time with the focus: from its focus to its blur (or to the next question's
 * focus, or to the last event when the page ended on it), summed over its visits.
 */
export function fieldTimes(events: readonly BehaviorEvent[]): FieldTime[] {
  const times = new Map<string, FieldTime>();
  let current = null as { field: string; since: number } | null;
  let last = 0;
  const close = (at: number) => {
    if (!current) return;
    const time = times.get(current.field);
    if (time) time.ms += Math.max(0, at - current.since);
    current = null;
  };
  for (const { event } of ordered(events)) {
    last = event.at;
    if (event.field === undefined) continue;
    if (event.type === "focus") {
      if (current?.field === event.field) continue;
      close(event.at);
      const time = times.get(event.field) ?? { field: event.field, ms: 0, visits: 0 };
      time.visits += 1;
      times.set(event.field, time);
      current = { field: event.field, since: event.at };
    } else if (event.type === "blur" && current?.field === event.field) {
      close(event.at);
    }
  }
  close(last);
  return [...times.values()];
}

/** Milliseconds the page was hidden: from each "hide" to the next "show", or to the end. */
function hiddenMs(events: readonly BehaviorEvent[], span: number): number {
  let hiddenSince: number | null = null;
  let hidden = 0;
  for (const { event } of ordered(events)) {
    if (event.type === "hide" && hiddenSince === null) hiddenSince = event.at;
    if (event.type === "show" && hiddenSince !== null) {
      hidden += event.at - hiddenSince;
      hiddenSince = null;
    }
  }
  return hiddenSince === null ? hidden : hidden + (span - hiddenSince);
}

/** Clicks that belong to a burst of rage: quick repeated clicks on one spot. */
function rageClicks(clicks: readonly BehaviorEvent[]): number {
  let inBursts = 0;
  let burst: BehaviorEvent[] = [];
  const end = () => {
    if (burst.length >= RAGE_CLICK_MIN) inBursts += burst.length;
    burst = [];
  };
  for (const click of clicks) {
    const first = burst[0];
    const previous = burst.at(-1);
    const near =
      first !== undefined &&
      Math.hypot((click.x ?? 0) - (first.x ?? 0), (click.y ?? 0) - (first.y ?? 0)) <= RAGE_CLICK_RADIUS_PX;
    if (previous === undefined || !near || click.at - previous.at > RAGE_CLICK_GAP_MS) end();
    burst.push(click);
  }
  end();
  return inBursts;
}

/** Whether a question's time lies within the author's shortest and longest (userBehaviorSettings). */
function withinExpected(element: TimedElement | undefined, ms: number): boolean {
  const { minTime, maxTime } = element?.userBehaviorSettings ?? {};
  const seconds = ms / 1000;
  if (minTime !== undefined && minTime > 0 && seconds < minTime) return false;
  if (maxTime !== undefined && maxTime > 0 && seconds > maxTime) return false;
  return true;
}

const share = (part: number, whole: number) => (whole <= 0 ? 0 : Math.min(1, Math.max(0, part / whole)));
const percent = (ratio: number) => Math.round(ratio * 100);

/**
 * The six attributes of one filling from its events, in any order (batches are joined in their
 * sequence). Null when the events span no time at all: there is nothing to measure, and such a
 * submission falls in no segment.
 */
export function behaviorAttributes(
  events: readonly BehaviorEvent[],
  elements: readonly TimedElement[],
): BehaviorAttributes | null {
  if (events.length === 0) return null;
  // A loop, not Math.max(...): a filling may log more events than a call takes as arguments.
  const span = events.reduce((latest, event) => Math.max(latest, event.at), Number.NEGATIVE_INFINITY);
  if (span <= 0) return null;
  const hidden = Math.min(span, hiddenMs(events, span));
  const visible = span - hidden;
  const times = fieldTimes(events);
  const focused = times.reduce((sum, time) => sum + time.ms, 0);

  const actions = events.filter((e) => e.type === "click" || e.type === "input" || e.type === "move").length;
  const perMinute = visible <= 0 ? 0 : actions / (visible / 60_000);

  const byId = new Map(elements.map((element) => [element.id, element]));
  const within = times.filter((time) => withinExpected(byId.get(time.field), time.ms)).length;

  const revisited = times.filter((time) => time.visits > 1).length;
  const typing = events.filter((e) => e.type === "input");
  const added = typing.reduce((sum, e) => sum + Math.max(0, e.count ?? 0), 0);
  const removed = typing.reduce((sum, e) => sum + Math.max(0, -(e.count ?? 0)), 0);
  const hesitationParts = [
    ...(times.length > 0 ? [share(revisited, times.length)] : []),
    ...(added > 0 ? [share(removed, added)] : []),
  ];

  const clicks = ordered(events)
    .map(({ event }) => event)
    .filter((event) => event.type === "click");

  return {
    energetic: percent(share(perMinute, ENERGETIC_FULL_PER_MINUTE)),
    efficiency: times.length === 0 ? 0 : percent(share(within, times.length)),
    hesitation:
      hesitationParts.length === 0
        ? 0
        : percent(hesitationParts.reduce((sum, part) => sum + part, 0) / hesitationParts.length),
    distraction: percent(share(hidden, span)),
    unfocused: visible <= 0 ? 0 : percent(1 - share(focused, visible)),
    rage: percent(share(rageClicks(clicks), clicks.length)),
  };
}

/** One condition of a segment: an attribute's value from and to, both included. */
export interface SegmentCondition {
  attribute: BehaviorAttribute;
  from: number;
  to: number;
}

/** Whether a submission with these attributes falls in a segment: every condition holds. */
export function inSegment(
  attributes: BehaviorAttributes | null,
  conditions: readonly SegmentCondition[],
): boolean {
  if (attributes === null || conditions.length === 0) return false;
  return conditions.every(
    ({ attribute, from, to }) => attributes[attribute] >= from && attributes[attribute] <= to,
  );
}
