import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

/** A question's "Expected behaviour" as the author sets it and as the submission's page reads it. */
const run = appAndBrowser();
const OWNER = { username: "expectowner", password: "expect-pass-1" };

describe("a question's expected behaviour", () => {
  it("offers only what the product reads, and marks a time shorter than expected on the submission's page", async () => {
    const call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Reading check",
      fields: [{ id: "terms", fieldType: "textarea", question: "Summarise the terms", fieldOrder: 0 }],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(OWNER.username);
    await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${form.id}/edit`);
    await page.getByRole("list", { name: "Form fields" }).getByText("Summarise the terms").click();
    const settings = page.getByTestId("element-settings");
    await settings.getByRole("button", { name: "Expected behaviour" }).click();
    await settings.getByText("A time outside these is marked on the submission's page.").waitFor();
    // The form recognises no emotion, so none is asked for.
    expect(await settings.getByText("Expected emotion").count()).toBe(0);
    await settings.getByLabel("Shortest time, s").fill("20");
    await screenshot(page, "expected-behaviour-settings-1280");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    const saved = await call<{ fields: Array<{ userBehaviorSettings: Record<string, unknown> }> }>(
      "GET",
      `/forms/${form.id}`,
    );
    expect(saved.fields[0]?.userBehaviorSettings).toEqual({ minTime: 20 });

    const sent = await fetch(`${run.app.url}/api/forms/answer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        formId: form.id,
        answers: [{ fieldId: "terms", answer: "All fine", answeringTime: 3 }],
      }),
    });
    const { id } = (await sent.json()) as { id: number };
    await page.goto(`${run.app.url}/forms/${form.id}/results/${id}`);
    await page.getByRole("tab", { name: "Additional info" }).click();
    const row = page.getByRole("row", { name: /^Summarise the terms/ });
    await expect.poll(() => row.getByText(/Shorter than the expected/).count()).toBe(1);
    await screenshot(page, "expected-behaviour-result-1280");

    // A form that recognises emotions asks which one a question expects.
    const { form: seeing } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Feelings check",
      hasEmotionsRecognition: true,
      fields: [{ id: "mood", fieldType: "text", question: "How was your day?", fieldOrder: 0 }],
    });
    await page.goto(`${run.app.url}/forms/${seeing.id}/edit`);
    await page.getByRole("list", { name: "Form fields" }).getByText("How was your day?").click();
    await settings.getByRole("button", { name: "Expected behaviour" }).click();
    await settings.getByLabel("Expected emotion").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
