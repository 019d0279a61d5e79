import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Download, Page } from "playwright-core";
import { expect } from "vitest";
import { type ApiCall, accountOwner } from "./support.ts";

/**
 * The owner of a published quiz whose results a test looks at: `username` registers with an
 * account, makes a calculation form that passes at 2 points with `fields`, and publishes it.
 * `signIn` signs a page in as them through the login page.
 */
export async function ownerWithQuiz(
  baseUrl: string,
  owner: { username: string; password: string },
  quiz: { title: string; passed: string; fields: unknown[] },
): Promise<{ call: ApiCall; formId: number; signIn: (page: Page) => Promise<void> }> {
  const call = await accountOwner(baseUrl, owner.username, owner.password);
  const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
    title: quiz.title,
    type: "calculation",
    resultsHandlingPassedFailed: {
      passingScore: 2,
      briefResult: { passed: quiz.passed, failed: "Not yet" },
      detailedResult: { passed: "", failed: "" },
    },
    fields: quiz.fields,
  });
  await call("PATCH", `/forms/${form.id}`, { isPublished: true });
  const signIn = async (page: Page) => {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Username or e-mail").fill(owner.username);
    await page.getByRole("textbox", { name: "Password" }).fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseUrl}/`);
  };
  return { call, formId: form.id, signIn };
}

/** A single choice of a quiz made by ownerWithQuiz, worth its pass mark of 2 points when `right` is picked. */
export const scoredChoice = (
  id: string,
  question: string,
  options: Array<{ id: string; title: string }>,
  right: string,
) => ({
  id,
  fieldType: "radio",
  question,
  calcSettings: { calcType: "check_values", points: 2 },
  fieldSettings: {
    answerVariants: options.map((option) => ({ ...option, checkValue: option.id === right })),
  },
});

/** One submission sent through the public API as a respondent's browser sends it; returns its id. */
export async function submitPublic(
  baseUrl: string,
  formId: number,
  answers: Array<{ fieldId: string; answer: unknown; answeringTime?: number }>,
  idempotencyKey?: string,
): Promise<number> {
  const response = await fetch(`${baseUrl}/api/forms/answer`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey }),
    },
    body: JSON.stringify({ formId, answers }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The downloaded bytes (the browser runs apart from this process: the file is copied here). */
export async function bytesOf(download: Download): Promise<Buffer> {
  const file = path.join(
    mkdtempSync(path.join(tmpdir(), "formloom-download-")),
    download.suggestedFilename(),
  );
  await download.saveAs(file);
  return readFileSync(file);
}

/**
 * What a test reads off the results table on `page`: `count(n)` waits until the table says it has
 * n submissions, `numbers()` gives the form's numbers of the rows shown, top to bottom.
 */
export function resultsTable(page: Page) {
  return {
    count: (n: number) =>
      expect
        .poll(
          () => page.getByText(`${n} ${n === 1 ? "submission" : "submissions"}`, { exact: true }).count(),
          { timeout: 30_000 },
        )
        .toBe(1),
    numbers: () =>
      page
        .locator("tbody tr[data-number]")
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-number")))),
  };
}
