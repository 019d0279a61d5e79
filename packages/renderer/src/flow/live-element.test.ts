import type { TElement } from "@formloom/core/element-schema";
import { describe, expect, it } from "vitest";
import { liveElementStore } from "./field-view.tsx";

const element = (question: string) => ({ id: "q1", fieldType: "text", question }) as unknown as TElement;

describe("the element being edited, as the builder's preview reads it", () => {
  it("tells each reader of a change, once, and nothing when the same element is set again", () => {
    const live = liveElementStore();
    const told: string[] = [];
    const stop = live.subscribe(() => told.push(`a:${live.current()?.question}`));
    live.subscribe(() => told.push(`b:${live.current()?.question}`));
    const first = element("Nam");
    live.set(first);
    live.set(first);
    stop();
    live.set(element("Name"));
    expect(told).toEqual(["a:Nam", "b:Nam", "b:Name"]);
    expect(live.current()?.question).toBe("Name");
  });
});
