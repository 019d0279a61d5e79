import { describe, expect, it } from "vitest";
import { ownerWithQuiz, scoredChoice, submitPublic } from "./results-helpers.ts";
import { appAndBrowser, screenshot, watchErrors } from "./support.ts";

/** A submission opened from the results table as its own page, stepped through and deleted. */
const run = appAndBrowser();

const NAMES = ["Ann", "Bob", "Cat", "Dan"];

describe("a single result's page", () => {
  it("opens from the table, steps to its neighbours by button and arrow key, shows its tabs and deletes", async () => {
    const { call, formId, signIn } = await ownerWithQuiz(
      run.app.url,
      { username: "resultowner", password: "result-pass-1" },
      {
        title: "Capitals quiz",
        passed: "Well done",
        fields: [
          { id: "name", fieldType: "text", question: "Your name" },
          scoredChoice(
            "capital",
            "Capital of France?",
            [
              { id: "paris", title: "Paris" },
              { id: "rome", title: "Rome" },
            ],
            "paris",
          ),
        ],
      },
    );
    // Another form's submissions first, so this form's ids run ahead of its own numbers 1 to 4.
    const other = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Warm-up",
      isPublished: true,
      fields: [{ id: "note", fieldType: "text", question: "Note" }],
    });
    for (const note of ["a", "b", "c", "d", "e"])
      await submitPublic(run.app.url, other.form.id, [{ fieldId: "note", answer: note }]);
    const ids: number[] = [];
    // Dan's filling records its behaviour under the key its submission is sent with.
    const logged = await fetch(`${run.app.url}/api/forms/logger`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        formId: formId,
        key: "dan-filling",
        seq: 0,
        // Dan agreed in the behavioural pop-up, so his typing is kept beside focus and blur.
        behavioralConfirmOptions: ["default-behavioral"],
        events: [
          { type: "focus", at: 10, field: "name" },
          { type: "input", at: 250, field: "name", count: 3 },
          { type: "blur", at: 900, field: "name" },
        ],
      }),
    });
    expect(logged.status).toBe(204);
    for (const [index, name] of NAMES.entries()) {
      ids.push(
        await submitPublic(
          run.app.url,
          formId,
          [
            { fieldId: "name", answer: name },
            { fieldId: "capital", answer: index % 2 === 0 ? "paris" : "rome", answeringTime: 3 + index },
          ],
          `${name.toLowerCase()}-filling`,
        ),
      );
    }
    // Newest first, as the table shows them: Dan, Cat, Bob, Ann. The page's address and heading
    // carry the form's own numbers, as the table's # column does; the ids stay internal.
    const [ann, bob, cat, dan] = [1, 2, 3, 4] as const;
    expect(ids.every((id, index) => id !== index + 1)).toBe(true);
    const pageOf = (number: number) => `${run.app.url}/forms/${formId}/results/${number}`;
    const at = (number: number) => new RegExp(`/forms/${formId}/results/${number}(\\?.*)?$`);

    const context = await run.browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await page.goto(`${run.app.url}/forms/${formId}/results`);
    await page.getByRole("cell", { name: "Cat", exact: true }).click();
    await page.getByRole("link", { name: "Open as a page" }).click();
    await page.waitForURL(at(cat));
    await expect.poll(() => page.getByRole("heading", { name: `Submission #${cat}` }).count()).toBe(1);
    await expect.poll(() => page.title()).toBe(`Submission #${cat} · Formloom`);
    await expect.poll(() => page.getByRole("cell", { name: "Cat", exact: true }).count()).toBe(1);
    await screenshot(page, "single-result-view-1280");

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(at(bob));
    await expect.poll(() => page.getByRole("cell", { name: "Bob", exact: true }).count()).toBe(1);
    const ready = () =>
      expect.poll(() => page.getByRole("button", { name: "Previous" }).isEnabled()).toBe(true);
    await ready();
    await page.keyboard.press("ArrowLeft");
    await page.waitForURL(at(cat));
    await ready();
    await page.keyboard.press("ArrowLeft");
    await page.waitForURL(at(dan));
    await expect.poll(() => page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Next" }).isEnabled()).toBe(true);
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(at(cat));

    await page.getByRole("tab", { name: "Calculations" }).click();
    const points = page.getByRole("table", { name: "Points per question" });
    await expect.poll(() => points.getByRole("row").nth(2).textContent()).toBe("Capital of France?22");
    await expect.poll(() => page.getByText("Score: 2 / 2").count()).toBe(1);
    await expect.poll(() => page.getByText("Well done").count()).toBe(1);
    await screenshot(page, "single-result-calculations-1280");
    await page.getByRole("tab", { name: "Additional info" }).click();
    await expect.poll(() => page.getByText("The form's link had no arguments.").count()).toBe(1);
    await expect.poll(() => page.getByRole("row", { name: /^Capital of France\?/ }).count()).toBe(1);
    await screenshot(page, "single-result-additional-1280");
    await page.getByRole("tab", { name: "User activity" }).click();
    await expect
      .poll(() => page.getByText("Nothing of this kind was collected for this submission.").count())
      .toBe(1);
    await page.getByRole("tab", { name: "Video emotions" }).click();
    await expect
      .poll(() => page.getByText("Nothing of this kind was collected for this submission.").count())
      .toBe(1);
    await page.getByRole("tab", { name: "Visualizations" }).click();
    await expect.poll(() => page.getByText("Seconds per question").count()).toBe(1);
    await screenshot(page, "single-result-visualizations-1280");

    // Deleting goes on to the next older submission; the one deleted is gone from the list.
    await page.getByRole("tab", { name: "View", exact: true }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(new RegExp(`/results/${bob}`));
    await expect.poll(() => page.getByRole("cell", { name: "Bob", exact: true }).count()).toBe(1);
    const around = await call<{ prevNumber: number | null; nextNumber: number | null }>(
      "GET",
      `/forms/${formId}/answer/${ids[1]}/prev-next`,
    );
    expect(around).toMatchObject({ prevNumber: dan, nextNumber: ann });
    // Deleting the oldest leads back to the list.
    await page.goto(pageOf(ann));
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(`${run.app.url}/forms/${formId}/results`);
    expect(problems).toEqual([]);
    await context.close();

    const narrow = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await narrow.newPage();
    const phoneProblems = watchErrors(phone);
    await signIn(phone);
    // An address written with the internal id, as links were before, moves to the number's.
    await phone.goto(pageOf(ids[3] as number));
    await phone.waitForURL(at(dan));
    await expect.poll(() => phone.getByRole("heading", { name: `Submission #${dan}` }).count()).toBe(1);
    await expect.poll(() => phone.getByRole("cell", { name: "Dan", exact: true }).count()).toBe(1);
    await screenshot(phone, "single-result-view-390");
    await phone.getByRole("tab", { name: "Additional info" }).click();
    await expect.poll(() => phone.getByText("Operating system").count()).toBe(1);
    await screenshot(phone, "single-result-additional-390");
    await phone.getByRole("tab", { name: "User activity" }).click();
    const activity = phone.getByRole("table", { name: "User activity" });
    await expect.poll(() => activity.getByRole("row").count()).toBe(4);
    await expect.poll(() => activity.getByText("Went to “Your name”").count()).toBe(1);
    await expect.poll(() => activity.getByText("Typed in “Your name” (+3)").count()).toBe(1);
    await expect.poll(() => activity.getByText("Left “Your name”").count()).toBe(1);
    await screenshot(phone, "single-result-activity-390");
    // An address whose submission is no number names no submission: the page says so, nothing breaks.
    await phone.goto(`${run.app.url}/forms/${formId}/results/latest`);
    await phone.getByText("This page does not exist.").waitFor();
    expect(await phone.getByText("Something went wrong").count()).toBe(0);
    expect(phoneProblems).toEqual([]);
    await narrow.close();
  });
});
