import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { storedAnswers } from "./fill-helpers.ts";
import { png } from "./png.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  WITH_MOTION,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
const OWNER = { username: "partials", password: "partials123" };
let call: ApiCall;
const contexts: BrowserContext[] = [];

/** Three pages: a name, then a colour and a password, then a comment. */
const THREE_PAGES = [
  { id: "name", fieldType: "text", question: "Your name", isRequired: true },
  { id: "b1", fieldType: "pageBreak" },
  { id: "colour", fieldType: "text", question: "Favourite colour" },
  { id: "secret", fieldType: "password", question: "Secret word" },
  { id: "b2", fieldType: "pageBreak" },
  { id: "comment", fieldType: "textarea", question: "Comment", isRequired: true },
].map((field, fieldOrder) => ({ ...field, fieldOrder }));

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function newPage(width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await run.browser.newContext({
    ...WITH_MOTION,
    javaScriptEnabled,
    viewport: { width, height: 900 },
  });
  contexts.push(context);
  return context.newPage();
}

/**
 * Resizes the page and waits until it is laid out at the new width: the window has it and the
 * document's size has held for three frames in a row (the effects of media queries have run).
 */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction(
    (wanted) => {
      const kept = window as unknown as { laidOut?: { size: string; frames: number } };
      const root = document.documentElement;
      const size = `${window.innerWidth} ${root.scrollWidth}x${root.scrollHeight}`;
      const frames = kept.laidOut?.size === size ? kept.laidOut.frames + 1 : 0;
      kept.laidOut = { size, frames };
      return window.innerWidth === wanted && frames >= 3;
    },
    width,
    { polling: "raf" },
  );
}

/** A small real picture, for the photo question. */
const PHOTO = png(64, 48, (x, y) => [x * 4, y * 5, 160]);

const formUrl = (alias: string) => `${run.app.url}/f/${alias}?a=${OWNER.username}`;
const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();

describe("a filling kept as it goes", () => {
  it("survives a reload in the middle of a 3-page form with every answer, and the author sees where a partial stopped", async () => {
    const form = await createdForm(call, {
      title: "Moving house",
      formPathAlias: "moving",
      display: "severalPages",
      savePartialResponses: true,
      // No consent pop-up in the way: this form records no behaviour.
      collectBehaviorData: false,
      fields: THREE_PAGES,
    });
    const page = await newPage(390);
    const errors = watchErrors(page);
    await page.goto(formUrl("moving"));
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await next(page);
    await page.getByRole("textbox", { name: "Favourite colour" }).fill("teal");
    await page.getByLabel("Secret word").fill("hunter2");
    await next(page);
    await page.getByRole("textbox", { name: "Comment" }).fill("Half written");
    // Kept on the device once the typing rests.
    await page.waitForFunction(
      (id) => (localStorage.getItem(`formloom.progress.${id}`) ?? "").includes("Half written"),
      form.id,
    );

    await page.reload();
    const resume = page.getByRole("button", { name: "Continue where you left off" });
    await resume.waitFor();
    await page.getByRole("button", { name: "Start over" }).waitFor();
    await screenshot(page, "partial-responses-resume-390");
    await resize(page, 1280);
    await screenshot(page, "partial-responses-resume-1280");
    await resize(page, 390);
    await resume.click();
    // Back on page 3 with its answer.
    expect(await page.getByRole("textbox", { name: "Comment" }).inputValue()).toBe("Half written");
    // The server kept it as a partial response: the author sees it apart, with where it stopped.
    await expect
      .poll(async () => {
        const listed = await call<{ answerList: Array<{ partial?: { stoppedAt: string | null } }> }>(
          "GET",
          `/forms/${form.id}/answer/paginated/1/25?status=partial`,
        );
        return listed.answerList[0]?.partial?.stoppedAt;
      })
      .toBe("comment");
    const completed = await call<{ total: number }>("GET", `/forms/${form.id}/answer/paginated/1/25`);
    expect(completed.total).toBe(0);

    const author = await newPage(1280);
    await author.goto(`${run.app.url}/login`);
    await author.getByLabel("Username or e-mail").fill(OWNER.username);
    await author.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
    await author.getByRole("button", { name: "Sign in" }).click();
    await author.waitForURL(`${run.app.url}/`);
    await author.goto(`${run.app.url}/forms/${form.id}/results`);
    await author.getByText("Partial", { exact: true }).click();
    const table = author.getByRole("table", { name: "Submissions" });
    await table.getByRole("columnheader", { name: "Stopped at" }).waitFor();
    await table.getByRole("cell", { name: "Comment", exact: true }).waitFor();
    await table.getByRole("cell", { name: "Ann" }).waitFor();
    await author.getByText("1 partial response").waitFor();
    await screenshot(author, "partial-responses-results-1280");
    await resize(author, 390);
    await screenshot(author, "partial-responses-results-390");

    // The pages before hold their answers; the password was not kept.
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByRole("textbox", { name: "Favourite colour" }).inputValue()).toBe("teal");
    expect(await page.getByLabel("Secret word").inputValue()).toBe("");
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByRole("textbox", { name: "Your name" }).inputValue()).toBe("Ann");

    // Sent, the partial becomes the submission: one row, none left partial, nothing kept here.
    await next(page);
    await page.getByLabel("Secret word").fill("hunter2");
    await next(page);
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL("**/thankyou**");
    expect(await page.evaluate((id) => localStorage.getItem(`formloom.progress.${id}`), form.id)).toBeNull();
    expect(await storedAnswers(call, form.id)).toMatchObject({
      name: "Ann",
      colour: "teal",
      comment: "Half written",
    });
    const partials = await call<{ total: number }>(
      "GET",
      `/forms/${form.id}/answer/paginated/1/25?status=partial`,
    );
    expect(partials.total).toBe(0);
    expect(errors).toEqual([]);
  });

  it("takes up a filling with its uploaded photo and the time it was started", async () => {
    const form = await createdForm(call, {
      title: "Bike repair",
      formPathAlias: "bike-repair",
      display: "severalPages",
      savePartialResponses: true,
      collectBehaviorData: false,
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        { id: "b1", fieldType: "pageBreak" },
        { id: "snap", fieldType: "photo", question: "Photo of the bike" },
        { id: "note", fieldType: "textarea", question: "What is broken?" },
      ].map((field, fieldOrder) => ({ ...field, fieldOrder })),
    });
    const page = await newPage(390);
    const errors = watchErrors(page);
    const opened = Date.now();
    await page.goto(formUrl("bike-repair"));
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await next(page);
    await page
      .getByLabel("Photo of the bike")
      .setInputFiles({ name: "bike.png", mimeType: "image/png", buffer: PHOTO });
    await page.getByText("Uploaded: bike.png").waitFor();
    await page.getByRole("textbox", { name: "What is broken?" }).fill("The chain");
    await page.waitForFunction(
      (id) => (localStorage.getItem(`formloom.progress.${id}`) ?? "").includes("The chain"),
      form.id,
    );
    // Some time passes before the respondent comes back.
    await page.waitForTimeout(1500);
    const reloaded = Date.now();
    await page.reload();
    await page.getByRole("button", { name: "Continue where you left off" }).click();
    await page.getByText("Uploaded: bike.png").waitFor();
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL("**/thankyou**");

    const [row] = (
      await call<{
        answerList: Array<{
          startTime: string;
          formPassingTime: number;
          answers: Array<{ fieldId: string; answer: unknown }>;
        }>;
      }>("GET", `/forms/${form.id}/answer/paginated/1/5`)
    ).answerList;
    expect(row!.answers.find((answer) => answer.fieldId === "snap")?.answer).toEqual([
      expect.objectContaining({ name: "bike.png", size: PHOTO.length }),
    ]);
    // Started when the form was first opened, not again on the reload, and the time spent counts
    // from then (a busy machine may take a while to draw the page first).
    expect(Date.parse(row!.startTime)).toBeGreaterThanOrEqual(opened - 1000);
    expect(Date.parse(row!.startTime)).toBeLessThan(reloaded);
    expect(row!.formPassingTime).toBeGreaterThanOrEqual(1.5);
    expect(errors).toEqual([]);
  });

  it("fills and sends a multi-page form with JavaScript off, page by page", async () => {
    const form = await createdForm(call, {
      title: "Moving without script",
      formPathAlias: "moving-plain",
      display: "severalPages",
      fields: THREE_PAGES,
    });
    const page = await newPage(390, false);
    await page.goto(formUrl("moving-plain"));
    expect(await page.getByText("needs JavaScript").count()).toBe(0);
    // A required answer left out: the page comes back with its error.
    await next(page);
    await page.getByText("Please fill in this field").waitFor();
    await page.getByRole("textbox", { name: "Your name" }).fill("Bo");
    await next(page);
    await page.getByRole("textbox", { name: "Favourite colour" }).fill("amber");
    await page.getByLabel("Secret word").fill("s3cret");
    await next(page);
    await page.getByRole("textbox", { name: "Comment" }).waitFor();
    // Back, and forward again: the page before keeps what was answered on it.
    // The pages before hold their answers; the password was not kept.
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByRole("textbox", { name: "Favourite colour" }).inputValue()).toBe("amber");
    await page.getByLabel("Secret word").fill("s3cret");
    await next(page);
    await page.getByRole("textbox", { name: "Comment" }).fill("All by post");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL("**/thankyou**");
    expect(await storedAnswers(call, form.id)).toEqual(
      expect.objectContaining({ name: "Bo", colour: "amber", secret: "s3cret", comment: "All by post" }),
    );
  });
});
