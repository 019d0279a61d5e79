import { beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

// The builder on a phone: the list of fields, the settings and the preview stand in one column,
// so picking a question must bring its settings into view, not leave them a long scroll below.

const run = appAndBrowser();
const OWNER = { username: "phonebuilder", password: "phonebuilder123" };
let call: ApiCall;
let formId: number;

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
  const fields = Array.from({ length: 14 }, (_, i) => ({
    id: `q${i + 1}`,
    fieldType: "text",
    question: `Question number ${i + 1}`,
    fieldOrder: i,
  }));
  formId = (await call<{ form: { id: number } }>("POST", "/forms", { title: "Long survey", fields })).form.id;
});

describe("the builder at 390 px", () => {
  it("brings a picked question's settings into view", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(OWNER.username);
    await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    const list = page.getByRole("list", { name: "Form fields" });
    await list.getByText("Question number 12").click();
    const question = page.getByRole("textbox", { name: "Question", exact: true });
    await expect.poll(() => question.inputValue()).toBe("Question number 12");
    await expect
      .poll(async () => {
        const box = await question.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      })
      .toBe(true);
    await screenshot(page, "builder-phone-settings-390");
    expect(problems).toEqual([]);
    await context.close();
  });
});
