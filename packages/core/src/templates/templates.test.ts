import { describe, expect, it } from "vitest";
import { isEmptyThemeStyling, ZThemeStyling } from "../api/themes.ts";
import { importForm } from "../form-import.ts";
import { scoreSubmission } from "../scoring.ts";
import { FORM_TEMPLATES, formTemplate, TEMPLATE_SETS, templateDocument } from "./form-templates.ts";
import { THEME_TEMPLATES } from "./theme-templates.ts";

function imported(id: string) {
  const template = formTemplate(id);
  if (!template) throw new Error(`no template ${id}`);
  const text = templateDocument(template);
  const result = importForm(`${id}.json`, text.length, text);
  if (!result.ok) throw new Error(`${id}: ${result.code}`);
  return result.form;
}

describe("form templates", () => {
  it.each(FORM_TEMPLATES.map((t) => [t.id]))("%s imports cleanly, keeping its title and questions", (id) => {
    const template = formTemplate(id)!;
    const form = imported(id);
    expect(form.settings.title).toBe(template.form.form.title);
    expect(form.fields).toHaveLength(template.form.fields.length);
    expect(form.fields.some((f) => f.isRequired)).toBe(true);
    // No question keeps the builder's placeholder texts.
    for (const field of form.fields) {
      expect(field.question).not.toBe("Here will be your question");
      expect(field.fieldLabel).not.toBe("field label");
    }
  });

  it("has unique ids and offers every set the create-form tour names", () => {
    expect(new Set(FORM_TEMPLATES.map((t) => t.id)).size).toBe(FORM_TEMPLATES.length);
    for (const set of TEMPLATE_SETS) expect(FORM_TEMPLATES.some((t) => t.set === set)).toBe(true);
    for (const id of ["nps", "customer-feedback", "event-registration", "job-application"])
      expect(formTemplate(id)).toBeDefined();
  });

  it("the knowledge quiz gives each range of scores its gradation", () => {
    const { settings, fields } = imported("knowledge-quiz");
    expect(settings.type).toBe("calculation");
    const right = { q1: "v2", q2: "v3", q3: "v1", q4: "v2", q5: "v2" };
    const all = scoreSubmission(settings, fields, right);
    expect(all).toMatchObject({ total: 5, maxScore: 5 });
    expect(all.result).toMatchObject({ view: "gradations", gradationId: "expert", brief: "Expert" });
    const four = scoreSubmission(settings, fields, { ...right, q5: "v1" });
    expect(four.result).toMatchObject({ gradationId: "intermediate", brief: "Well informed" });
    const one = scoreSubmission(settings, fields, { q1: "v2", q2: "v1", q3: "v2" });
    expect(one.total).toBe(1);
    expect(one.result).toMatchObject({ gradationId: "beginner", hiddenValue: "beginner" });
    // Every possible total falls in some range.
    for (let total = 0; total <= 5; total++)
      expect(
        settings.resultsHandlingGradation.some(
          (g) => total >= g.minScoreGradation && total <= g.maxScoreGradation,
        ),
      ).toBe(true);
  });

  it("the personality test scores each trait in its own category", () => {
    const { settings, fields } = imported("personality-test");
    expect(settings.resultType).toBe("categories");
    // Agrees with the three extraversion statements, disagrees with the openness ones.
    const answers = { p1: "v1", p3: "v1", p5: "v1", p2: "v3", p4: "v3", p6: "v2" };
    const report = scoreSubmission(settings, fields, answers);
    expect(report.categoryScores).toEqual({ extraversion: 3, openness: 0 });
    expect(report.result).toEqual({
      view: "categories",
      categories: [
        expect.objectContaining({ id: "extraversion", score: 3, brief: "Outgoing", hiddenValue: "E-high" }),
        expect.objectContaining({ id: "openness", score: 0, brief: "Practical", hiddenValue: "O-low" }),
      ],
    });
    const curious = scoreSubmission(settings, fields, { p2: "v1", p4: "v1", p1: "v1" });
    expect(curious.result).toMatchObject({
      categories: [{ brief: "Reserved" }, { brief: "Curious" }],
    });
  });
});

describe("theme templates", () => {
  it("are valid, non-empty stylings with unique ids and names", () => {
    expect(new Set(THEME_TEMPLATES.map((t) => t.id)).size).toBe(THEME_TEMPLATES.length);
    expect(new Set(THEME_TEMPLATES.map((t) => t.name)).size).toBe(THEME_TEMPLATES.length);
    for (const template of THEME_TEMPLATES) {
      const styling = ZThemeStyling.parse(template.styling);
      expect(isEmptyThemeStyling(styling)).toBe(false);
    }
  });
});
