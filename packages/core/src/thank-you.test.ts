import { describe, expect, it } from "vitest";
import { ZFormSettings } from "./form-schema.ts";
import { scoreSubmission } from "./scoring.ts";
import { outcomeLine, redirectTarget, respondentOutcome, thankYouView } from "./thank-you.ts";

const shout = (key: string, vars?: Record<string, string | number>) =>
  `«${key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ""))}»`;

describe("the thank-you page's view", () => {
  it("puts the form's title into the title as text and says default texts in the form's language", () => {
    const settings = ZFormSettings.parse({ title: "<b>Quiz</b>" });
    const view = thankYouView(settings, null, shout);
    expect(view.title).toBe("«Form <b>Quiz</b> was submitted successfully!»");
    expect(view.textHtml).toBe("«Thank you for submitting this form!»");
    expect(view.againLabel).toBe("«Complete form again»");
    expect(view.outcome).toBeNull();
    expect(view.completion).toBeNull();
  });

  it("keeps the author's own texts as written", () => {
    const settings = ZFormSettings.parse({
      title: "Quiz",
      afterFormFillingActions: { thankYouPageTitle: "Done: [form_title]", completeFormButton: "Once more" },
    });
    const view = thankYouView(settings, null, shout);
    expect(view.title).toBe("Done: Quiz");
    expect(view.againLabel).toBe("Once more");
  });

  it("shows completion rules with a link only when it is a website", () => {
    const base = { message: "Bring your ticket", show: true };
    const good = thankYouView(
      ZFormSettings.parse({ completionRules: { ...base, link: "example.com/rules" } }),
      null,
      shout,
    );
    expect(good.completion).toMatchObject({ message: "Bring your ticket", link: "http://example.com/rules" });
    const bad = thankYouView(
      ZFormSettings.parse({ completionRules: { ...base, link: "javascript:alert(1)" } }),
      null,
      shout,
    );
    expect(bad.completion).toMatchObject({ message: "Bring your ticket", link: null });
    const mail = thankYouView(
      ZFormSettings.parse({ completionRules: { ...base, link: "mailto:desk@example.com" } }),
      null,
      shout,
    );
    expect(mail.completion?.link).toBe("mailto:desk@example.com");
    const hidden = ZFormSettings.parse({ completionRules: { ...base, show: false } });
    expect(thankYouView(hidden, null, shout).completion).toBeNull();
  });

  it("turns a passed/failed outcome into a heading and a score line, without hidden values", () => {
    const settings = ZFormSettings.parse({
      type: "calculation",
      resultType: "gradations",
      resultsHandlingGradation: [
        {
          id: "g",
          minScoreGradation: 0,
          maxScoreGradation: 9,
          briefResultGradation: "Fine",
          hiddenValue: "X",
        },
      ],
    });
    const outcome = respondentOutcome(scoreSubmission(settings, [], {}));
    expect(outcome.result).toEqual({ view: "gradations", brief: "Fine", detailed: "" });
    expect(thankYouView(settings, outcome, shout)).toMatchObject({
      outcomeHeading: "«Your result»",
      scoreLine: "«Score: 0 of 0»",
    });
    expect(outcomeLine(thankYouView(settings, outcome, shout))).toBe("«Your result»: Fine. «Score: 0 of 0»");
    const passed = respondentOutcome(scoreSubmission(ZFormSettings.parse({}), [], {}));
    expect(thankYouView(ZFormSettings.parse({}), passed, shout).outcomeHeading).toBe("«Passed»");
  });
});

describe("the redirect after sending", () => {
  const redirect = (customUrl: string, submissionAction = "redirectToUrl") =>
    redirectTarget(ZFormSettings.parse({ afterFormFillingActions: { submissionAction, customUrl } }));

  it("goes only to a website link", () => {
    expect(redirect("https://example.com/next")).toBe("https://example.com/next");
    expect(redirect("example.com")).toBe("http://example.com");
    expect(redirect("javascript:alert(1)")).toBeNull();
    expect(redirect("mailto:a@example.com")).toBeNull();
    expect(redirect("")).toBeNull();
    expect(redirect("https://example.com", "showThankYouPage")).toBeNull();
  });
});
