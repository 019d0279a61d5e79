import { describe, expect, it } from "vitest";
import { createDepartureCounter, cursorOutCasesLeft, cursorOutSendDue } from "./cursor-out.ts";
import { ZCursorOutActions } from "./result-schema.ts";

describe("cursor-out actions", () => {
  it("sends the form only past the allowed amount, and only when the form says so", () => {
    const sending = ZCursorOutActions.parse({ countCases: true, sendForm: true, allowAmount: 2 });
    expect(cursorOutSendDue(sending, 2)).toBe(false);
    expect(cursorOutSendDue(sending, 3)).toBe(true);
    expect(cursorOutSendDue({ ...sending, sendForm: false }, 9)).toBe(false);
    expect(cursorOutSendDue({ ...sending, countCases: false }, 9)).toBe(false);
  });

  it("tells the cases left before something follows", () => {
    const actions = ZCursorOutActions.parse({ countCases: true, subtractFromResult: 1, allowAmount: 2 });
    expect(cursorOutCasesLeft(actions, 1)).toBe(1);
    expect(cursorOutCasesLeft(actions, 5)).toBe(0);
    expect(cursorOutCasesLeft({ ...actions, subtractFromResult: 0 }, 1)).toBeNull();
  });

  it("counts one departure however many events it sets off", () => {
    const counter = createDepartureCounter();
    expect(counter.leave()).toBe(true);
    expect(counter.leave()).toBe(false);
    expect(counter.back()).toBe(true);
    expect(counter.back()).toBe(false);
    expect(counter.leave()).toBe(true);
    expect(counter.cases).toBe(2);
  });
});
