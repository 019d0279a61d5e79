import { describe, expect, it } from "vitest";
import { answerFromDayText, dayText } from "./date-time.ts";

describe("a date answer is written and read in the form's language", () => {
  it("writes the stored day the way the language writes it", () => {
    expect(dayText("2026-03-14", "date", "ru")).toBe("14.03.2026");
    expect(dayText("2026-03-14", "date", "uk")).toBe("14.03.2026");
    expect(dayText("2026-03-14", "date", "en")).toBe("14.03.2026");
    expect(dayText("2026-03-14", "date", "it")).toBe("14-03-2026");
    expect(dayText("2026-03-14T09:30", "datetime", "ru")).toBe("14.03.2026 09:30");
    // Text that is not yet a day stays as typed.
    expect(dayText("14.0", "date", "ru")).toBe("14.0");
  });

  it("reads a typed day back into the stored YYYY-MM-DD", () => {
    expect(answerFromDayText("14.03.2026", "date")).toBe("2026-03-14");
    expect(answerFromDayText("14/03/2026", "date")).toBe("2026-03-14");
    expect(answerFromDayText("4.3.2026", "date")).toBe("2026-03-04");
    expect(answerFromDayText("14032026", "date")).toBe("2026-03-14");
    expect(answerFromDayText("2026-03-14", "date")).toBe("2026-03-14");
    expect(answerFromDayText("14.03.2026 9:05", "datetime")).toBe("2026-03-14T09:05");
    expect(answerFromDayText("09:05", "time")).toBe("09:05");
    expect(answerFromDayText("9:05", "time")).toBe("09:05");
    // What is no day is kept as typed, so validation can say so.
    expect(answerFromDayText("31.02.2026", "date")).toBe("2026-02-31");
    expect(answerFromDayText("next week", "date")).toBe("next week");
  });
});
