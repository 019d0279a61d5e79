// npm run bench:core — builds, validates and scores the same 20-question quiz for many responses
// with Formloom's core and with SurveyJS survey-core, checks both agree on every response they
// share, and prints how many times faster core is per response (last line).
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { ZElements } from "@formloom/core/element-schema";
import { hydrateForm, normalizeForm } from "@formloom/core/form-document";
import { ZFormSettings } from "@formloom/core/form-schema";
import { seededShuffle } from "@formloom/core/random";
import { scoreSubmission } from "@formloom/core/scoring";
import { validateSubmission } from "@formloom/core/submission";
import { Model } from "survey-core";

const CHOICES = ["a", "b", "c", "d"];
const GRADATIONS = [
  { id: "low", min: 0, max: 7 },
  { id: "mid", min: 8, max: 14 },
  { id: "high", min: 15, max: 20 },
];

interface Question {
  name: string;
  kind: "choice" | "text" | "number";
  correct: string | number;
  required: boolean;
  /** Shown only when another question's answer meets a condition. */
  showIf?: {
    field: string;
    operator: "equal" | "notEqual" | "notEmpty" | "greater";
    value?: string | number;
    expression: string;
  };
}

const QUESTIONS: Question[] = Array.from({ length: 20 }, (_, i): Question => {
  const name = `q${i + 1}`;
  if (i < 12)
    return { name, kind: "choice", correct: CHOICES[i % 4]!, required: i === 0 || i === 1 || i === 4 };
  if (i < 16) return { name, kind: "text", correct: `answer${i}`, required: i === 12 };
  return { name, kind: "number", correct: i * 3, required: i === 16 };
});
QUESTIONS[1]!.showIf = { field: "q1", operator: "equal", value: "b", expression: "{q1} = 'b'" };
QUESTIONS[5]!.showIf = { field: "q5", operator: "notEqual", value: "a", expression: "{q5} != 'a'" };
QUESTIONS[13]!.showIf = { field: "q13", operator: "notEmpty", expression: "{q13} notempty" };
QUESTIONS[17]!.showIf = { field: "q17", operator: "greater", value: 50, expression: "{q17} > 50" };

const surveyJson = {
  elements: QUESTIONS.map((q) => ({
    name: q.name,
    type: q.kind === "choice" ? "radiogroup" : "text",
    ...(q.kind === "choice" ? { choices: CHOICES } : {}),
    ...(q.kind === "number" ? { inputType: "number" } : {}),
    correctAnswer: q.correct,
    isRequired: q.required,
    ...(q.showIf ? { visibleIf: q.showIf.expression } : {}),
  })),
};

const checked = { calcType: "check_values", notEmptyScore: 0, points: 1 };
const formJson = {
  settings: {
    title: "Benchmark quiz",
    type: "calculation",
    resultType: "gradations",
    resultsHandlingGradation: GRADATIONS.map((g) => ({
      id: g.id,
      minScoreGradation: g.min,
      maxScoreGradation: g.max,
    })),
    conditionalRules: QUESTIONS.filter((q) => q.showIf).map((q) => ({
      id: `show-${q.name}`,
      name: `Show ${q.name}`,
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [
          { kind: "field", fieldId: q.showIf!.field, operator: q.showIf!.operator, value: q.showIf!.value },
        ],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
      then: [{ type: "show", fieldIds: [q.name] }],
    })),
  },
  fields: QUESTIONS.map((q, order) => ({
    id: q.name,
    fieldType: q.kind === "choice" ? "radio" : q.kind,
    fieldOrder: order,
    question: `Question ${order + 1}`,
    isRequired: q.required,
    isHidden: Boolean(q.showIf),
    calcSettings: checked,
    fieldSettings: {
      answerVariants:
        q.kind === "choice"
          ? CHOICES.map((c) => ({ id: c, title: c.toUpperCase(), value: c, checkValue: c === q.correct }))
          : [{ id: "right", title: String(q.correct), value: String(q.correct), checkValue: true }],
    },
  })),
};

/** Deterministic responses: each question answered 85% of the time, right about half of those. */
function responses(count: number): Array<Record<string, string | number>> {
  return Array.from({ length: count }, (_, n) => {
    const picks = seededShuffle(
      Array.from({ length: 100 }, (_, i) => i),
      `response-${n}`,
    );
    const data: Record<string, string | number> = {};
    QUESTIONS.forEach((q, i) => {
      const roll = picks[i]!;
      if (roll >= 85) return;
      if (q.kind === "choice") data[q.name] = CHOICES[roll % 4]!;
      else if (q.kind === "text") data[q.name] = roll % 2 === 0 ? (q.correct as string) : "wrong";
      else data[q.name] = roll % 2 === 0 ? (q.correct as number) : roll;
    });
    return data;
  });
}

const gradationOf = (score: number) => GRADATIONS.find((g) => score >= g.min && score <= g.max)?.id ?? null;

interface Outcome {
  score: number;
  valid: boolean;
  gradation: string | null;
}

/** The form as the server stores it: parsed once, when it was saved. */
const stored = normalizeForm(formJson.settings, formJson.fields);

/**
 * Formloom, as the server handles a submission: read the stored form, run the rules and the
 * validation, score the visible answers. With `fromRawJson`, the form is parsed from the
 * hand-written JSON each time instead (the path of a form stored by an older model version).
 */
function formloom(data: Record<string, string | number>, fromRawJson = false): Outcome {
  const { settings, fields } = fromRawJson
    ? { settings: ZFormSettings.parse(formJson.settings), fields: ZElements.parse(formJson.fields) }
    : hydrateForm(stored);
  const checkedAnswers = validateSubmission(
    fields,
    Object.entries(data).map(([fieldId, answer]) => ({ fieldId, answer })),
    { rules: settings.conditionalRules },
  );
  const kept = Object.fromEntries(checkedAnswers.answers.map((a) => [a.fieldId, a.answer]));
  const report = scoreSubmission(settings, fields, kept);
  const result = report.result.view === "gradations" ? report.result.gradationId : null;
  return { score: report.total, valid: checkedAnswers.errors.length === 0, gradation: result };
}

/** survey-core: build the model, set the data, validate, count the correct answers. */
function surveyjs(data: Record<string, string | number>): Outcome {
  const model = new Model(surveyJson);
  model.data = data;
  const valid = model.validate(false);
  const score = model.getCorrectAnswerCount();
  return { score, valid, gradation: gradationOf(score) };
}

async function main() {
  const THEIRS = Number(process.env.BENCH_SURVEYJS_RESPONSES ?? 400);
  const OURS = Number(process.env.BENCH_CORE_RESPONSES ?? 20_000);
  const sample = responses(Math.max(THEIRS, OURS));

  // Warm both up so neither is timed while being compiled.
  for (const data of sample.slice(0, 50)) {
    formloom(data);
    surveyjs(data);
    await yieldToLoop();
  }

  let disagreements = 0;
  const theirStart = performance.now();
  const theirs: Outcome[] = [];
  for (const data of sample.slice(0, THEIRS)) {
    theirs.push(surveyjs(data));
    // survey-core keeps work queued per model; letting the loop run keeps its heap bounded.
    await yieldToLoop();
  }
  const theirMs = performance.now() - theirStart;

  const ourStart = performance.now();
  const ours: Outcome[] = [];
  for (const data of sample.slice(0, OURS)) ours.push(formloom(data));
  const ourMs = performance.now() - ourStart;

  const RAW = Math.min(OURS, 5000);
  const rawStart = performance.now();
  for (const data of sample.slice(0, RAW)) formloom(data, true);
  const rawPer = (performance.now() - rawStart) / RAW;

  for (let i = 0; i < THEIRS; i++) {
    const a = ours[i]!;
    const b = theirs[i]!;
    if (a.score !== b.score || a.valid !== b.valid || a.gradation !== b.gradation) {
      disagreements++;
      if (disagreements <= 3)
        console.error(
          `response ${i}: core ${JSON.stringify(a)} vs survey-core ${JSON.stringify(b)}`,
          sample[i],
        );
    }
  }

  const ourPer = ourMs / OURS;
  const theirPer = theirMs / THEIRS;
  const valid = theirs.filter((o) => o.valid).length;
  console.log(`survey-core: ${(theirPer * 1000).toFixed(1)} µs per response (${THEIRS} responses)`);
  console.log(
    `core, form parsed from raw JSON each time: ${(rawPer * 1000).toFixed(1)} µs per response (${Math.round(theirPer / rawPer)}x)`,
  );
  console.log(
    `core, stored form as the server reads it: ${(ourPer * 1000).toFixed(1)} µs per response (${OURS} responses)`,
  );
  console.log(
    `agreement:   ${THEIRS - disagreements}/${THEIRS} responses give the same score, validity and gradation (${valid} valid)`,
  );
  if (disagreements > 0) {
    console.error(`core and survey-core disagree on ${disagreements} responses`);
    process.exit(1);
  }
  console.log(`core: ${Math.round(theirPer / ourPer)}x faster than survey-core per response`);
}

await main();
