import { describe, expect, it } from "vitest";
import { countdownAnnouncement, formatClock, secondsLeft, secondsUntil } from "./clock.ts";

describe("formatClock", () => {
  it("shows minutes and seconds, and hours once there are any", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(2)).toBe("00:02");
    expect(formatClock(75)).toBe("01:15");
    expect(formatClock(3725)).toBe("1:02:05");
    expect(formatClock(-3)).toBe("00:00");
  });
});

describe("countdownAnnouncement", () => {
  it("speaks at whole minutes and at 30 and 10 seconds, never at the start or every tick", () => {
    const spoken = Array.from({ length: 180 }, (_, i) => 180 - i)
      .map((left) => countdownAnnouncement(left, 180))
      .filter((a) => a !== null)
      .map((a) => a.vars);
    expect(spoken).toEqual([{ minutes: 2 }, { minutes: 1 }, { seconds: 30 }, { seconds: 10 }]);
  });
});

describe("secondsUntil", () => {
  it("counts wall-clock time, so time passed while the page slept is gone", () => {
    expect(secondsUntil(10_000, 8_001)).toBe(2);
    expect(secondsUntil(10_000, 60_000)).toBe(0);
  });
});

describe("secondsLeft", () => {
  it("never shows more than the limit, even with a clock read before the count began", () => {
    // A step timed 2 s, reached 5 s after the page last read its clock.
    expect(secondsLeft(2, 10_000, 5_000)).toBe(2);
    expect(secondsLeft(2, 10_000, 10_001)).toBe(2);
    expect(secondsLeft(2, 10_000, 11_500)).toBe(1);
    expect(secondsLeft(2, 10_000, 12_000)).toBe(0);
  });
});
