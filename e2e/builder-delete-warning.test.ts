// The builder's warning on deleting a question submissions answered: said with the count also when
// the author deletes before the counts have arrived (a slow network, a busy server).
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, createdForm, signIn, watchErrors } from "./support.ts";

const run = appAndBrowser();
const USER = "deletewarn";
const PASSWORD = "deletewarn123";
let call: ApiCall;
let formId = 0;

beforeAll(async () => {
  call = await accountOwner(run.app.url, USER, PASSWORD);
  ({ id: formId } = await createdForm(call, {
    title: "Feedback",
    fields: [
      { id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 },
      { id: "city", fieldType: "text", question: "Your city", fieldOrder: 1 },
    ],
  }));
  const sent = await fetch(`${run.app.url}/api/forms/answer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ formId, answers: [{ fieldId: "city", answer: "Milan" }] }),
  });
  expect(sent.status).toBe(201);
});

describe("deleting an answered question in the builder", () => {
  it("warns with the number of submissions that answered it, even before the counts have arrived", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page, run.app.url, USER, PASSWORD);
    // The counts come late: the author deletes before they are in.
    let counted = false;
    await page.route(/\/answers\/summary$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      counted = true;
      await route.continue();
    });
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    const row = page.getByRole("listitem").filter({ hasText: "Your city" });
    await row.getByRole("button", { name: "Delete field" }).click();
    expect(counted).toBe(false);
    const warning = page.getByText("1 submission answered this field");
    await warning.waitFor();
    await page.getByRole("alert").filter({ has: warning }).getByRole("button", { name: "Undo" }).click();
    await page.getByRole("listitem").filter({ hasText: "Your city" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
