import { describe, expect, it } from "vitest";
import { ZEndingScreen } from "./ending-screen-schema.ts";
import { reachedEnding } from "./ending-screens.ts";
import { ZFormSettings } from "./form-schema.ts";
import { publicSettings } from "./public-form.ts";
import { scoreSubmission } from "./scoring.ts";
import { thankYouView } from "./thank-you.ts";

const screens = [
  ZEndingScreen.parse({ id: "low", when: { kind: "gradation", gradationId: "g-low" }, title: "Keep going" }),
  ZEndingScreen.parse({ id: "high", when: { kind: "gradation", gradationId: "g-high" }, title: "Expert" }),
  ZEndingScreen.parse({ id: "vip", when: { kind: "rule", ruleId: "r-vip" }, title: "Welcome, VIP" }),
];

/** A quiz's scored result that fell in gradation `gradationId`. */
const graded = (gradationId: string | null) =>
  ({ view: "gradations", gradationId, brief: "", detailed: "", hiddenValue: "" }) as const;

const quiz = ZFormSettings.parse({
  type: "calculation",
  resultType: "gradations",
  resultsHandlingGradation: [
    { id: "g-low", minScoreGradation: 0, maxScoreGradation: 1 },
    { id: "g-high", minScoreGradation: 2, maxScoreGradation: 10 },
  ],
  endingScreens: screens,
});

describe("the ending screen a sent form shows", () => {
  it("is the one of the gradation the score fell in", () => {
    const low = scoreSubmission(quiz, [], {}).result;
    expect(reachedEnding(quiz.endingScreens, low, [])?.id).toBe("low");
    expect(reachedEnding(screens, graded("g-high"), [])?.id).toBe("high");
  });

  it("is the one of a rule that held, the first in the author's order winning", () => {
    expect(reachedEnding(screens, null, ["r-vip"])?.id).toBe("vip");
    expect(reachedEnding(screens, graded("g-high"), ["r-vip"])?.id).toBe("high");
  });

  it("is reached from the scored result and the rules that held on sending", () => {
    const high = graded("g-high");
    expect(reachedEnding(screens, high, [])?.title).toBe("Expert");
    expect(reachedEnding(screens, null, ["r-vip"])?.title).toBe("Welcome, VIP");
    expect(reachedEnding(screens, null, [])).toBeNull();
    expect(reachedEnding([], high, ["r-vip"])).toBeNull();
  });

  it("is none when no condition holds, leaving the form's own thank-you page", () => {
    expect(reachedEnding(screens, graded("g-gone"), ["r-other"])).toBeNull();
    expect(reachedEnding([], graded("g-low"), [])).toBeNull();
  });

  it("gives the respondent its words and picture, never its condition", () => {
    expect(reachedEnding(screens, null, ["r-vip"])).toEqual({
      id: "vip",
      title: "Welcome, VIP",
      text: "",
      picture: "",
    });
  });

  it("is never sent with the public form, whose endings may tell the right answers", () => {
    expect(publicSettings(quiz).endingScreens).toEqual([]);
  });

  it("takes the thank-you page's title, text and picture, the form's own texts filling what it leaves", () => {
    const ending = {
      id: "x",
      title: "Top of [form_title]",
      text: "",
      picture: "https://cdn.example.com/a.png",
    };
    const view = thankYouView({ ...quiz, title: "Quiz" }, null, (key) => key, ending);
    expect(view.title).toBe("Top of Quiz");
    expect(view.textHtml).toBe("Thank you for submitting this form!");
    expect(view.picture).toBe("https://cdn.example.com/a.png");
    expect(view.endingId).toBe("x");
  });

  it("refuses a picture that is not https nor one of this server's files", () => {
    const parsed = ZEndingScreen.safeParse({
      id: "bad",
      when: { kind: "rule", ruleId: "r" },
      picture: "javascript:alert(1)",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("style.url.forbidden");
  });
});
