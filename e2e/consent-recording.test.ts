import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

// What a public form records waits for the respondent's yes: a form that captures video and
// keeps what is typed asks first, with options of its own where the author gave none, and
// without a yes nothing but each question's focus and timing reaches the server.

const run = appAndBrowser();
let call: ApiCall;
const OWNER = "recordowner";
const PASSWORD = "recordowner123";

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, PASSWORD);
});

const fields = [{ id: "name", fieldType: "text", question: "Your name", isRequired: true, fieldOrder: 0 }];
const VIDEO = "Video data collection confirmation";
const BEHAVIOUR = "Behavioral data collection confirmation";
const VIDEO_OPTION = "I agree to video and audio recording";
const TYPING_OPTION = "I agree that what I type, including erased text, is recorded";

async function createForm(alias: string, settings: Record<string, unknown>): Promise<number> {
  const form = await createdForm(call, {
    title: "Recording",
    formPathAlias: alias,
    fields,
    ...settings,
  });
  return form.id;
}

interface Stored {
  id: number;
  answers: Array<{ fieldId: string; answeringTime?: number }>;
  capturingConfirmOptions: string[] | null;
  behavioralConfirmOptions: string[] | null;
}
const stored = async (formId: number) =>
  (await call<{ answerList: Stored[] }>("GET", `/forms/${formId}/answer/paginated/1/50?sortBy=id&order=asc`))
    .answerList;
const eventLog = (formId: number, answerId: number) =>
  call<{ events: Array<{ type: string; text?: string; count?: number }> }>(
    "GET",
    `/forms/${formId}/answer/${answerId}/event-logs`,
  );

/** The bodies of the behaviour batches the page posts, each with the moment it went. */
function loggerBodies(page: Page): Array<{ body: string; at: number }> {
  const sent: Array<{ body: string; at: number }> = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/forms/logger"))
      sent.push({ body: request.postData() ?? "", at: Date.now() });
  });
  return sent;
}

/** The owner reads the submission on its own page, which says what was recorded. */
async function recordedLine(formId: number, answerId: number, width: number, shot: string): Promise<string> {
  const context = await run.browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(OWNER);
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  await page.goto(`${run.app.url}/forms/${formId}/results/${answerId}`);
  const line = page.getByText(/Recorded with consent|Behaviour record/);
  await line.waitFor();
  await screenshot(page, shot);
  const text = (await line.textContent()) ?? "";
  expect(problems).toEqual([]);
  await context.close();
  return text;
}

/** Types into the name while the pop-up is still open, as a respondent quick with the keyboard might. */
async function typeBeforeChoosing(page: Page, text: string): Promise<void> {
  await page.getByRole("textbox", { name: "Your name" }).evaluate((input: HTMLInputElement, value) => {
    input.focus();
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, text);
}

async function choose(page: Page, name: string, option: string | null): Promise<void> {
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  if (option) await dialog.getByRole("checkbox", { name: option }).check();
  await dialog.getByRole("button", { name: option ? "Confirm" : "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
}

const CAPTURING_AND_TYPING = { isCaptureVideo: true, collectBehaviorData: true, collectRealCharacters: true };

describe("recording on a public form", () => {
  it("asks with default options where the author gave none, and keeps what was typed once agreed", async () => {
    const formId = await createForm("record-agreed", CAPTURING_AND_TYPING);
    const context = await run.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const batches = loggerBodies(page);
    // The page's clock, to move it past the recorder's wait between batches without waiting.
    await context.clock.install();
    await page.goto(`${run.app.url}/f/record-agreed?a=${OWNER}`);
    await page.getByRole("dialog", { name: VIDEO }).getByRole("checkbox", { name: VIDEO_OPTION }).waitFor();
    await typeBeforeChoosing(page, "Early");
    // Longer than the recorder waits between batches: still nothing may leave before the choice.
    await page.clock.runFor(10_500);
    await screenshot(page, "consent-default-options-390");
    const chosenAt = Date.now();
    expect(batches.filter((batch) => batch.at < chosenAt)).toEqual([]);
    await choose(page, VIDEO, VIDEO_OPTION);
    await screenshot(page, "consent-default-behaviour-390");
    await choose(page, BEHAVIOUR, TYPING_OPTION);

    const name = page.getByRole("textbox", { name: "Your name" });
    await name.fill("");
    await name.click();
    await page.keyboard.type("Annx", { delay: 60 });
    await page.keyboard.press("Backspace");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);

    const [answer] = await stored(formId);
    expect(answer?.capturingConfirmOptions).toEqual(["default-capturing"]);
    expect(answer?.behavioralConfirmOptions).toEqual(["default-behavioral"]);
    const { events } = await eventLog(formId, answer!.id);
    expect(events.filter((event) => event.type === "input").map((event) => event.text)).toContain("Ann");
    await context.close();
    expect(await recordedLine(formId, answer!.id, 1280, "recorded-with-consent-1280")).toBe(
      "Recorded with consent: typed and erased characters, clicks and pointer moves, video and audio",
    );
  });

  it("sends nothing typed before the choice or after Cancel, and stores no more than focus and timing", async () => {
    const formId = await createForm("record-cancelled", CAPTURING_AND_TYPING);
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const batches = loggerBodies(page);
    await page.goto(`${run.app.url}/f/record-cancelled?a=${OWNER}`);
    await page.getByRole("dialog", { name: VIDEO }).waitFor();
    await typeBeforeChoosing(page, "Secret");
    await choose(page, VIDEO, null);
    await choose(page, BEHAVIOUR, null);
    const name = page.getByRole("textbox", { name: "Your name" });
    await name.fill("");
    await name.click();
    await page.keyboard.type("Bobby", { delay: 40 });
    await page.keyboard.press("Backspace");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);

    for (const batch of batches) {
      expect(batch.body).not.toContain("Secret");
      expect(batch.body).not.toContain("Bobb");
    }
    const [answer] = await stored(formId);
    expect(answer?.capturingConfirmOptions ?? []).toEqual([]);
    expect(answer?.behavioralConfirmOptions ?? []).toEqual([]);
    const { events } = await eventLog(formId, answer!.id);
    expect(events.filter((event) => event.type !== "focus" && event.type !== "blur")).toEqual([]);
    await context.close();
    expect(await recordedLine(formId, answer!.id, 390, "recorded-declined-390")).toBe(
      "Behaviour recording declined: nothing recorded",
    );
  });

  it("records only focus and timing, unasked, where the form keeps nothing typed", async () => {
    const formId = await createForm("record-unasked", {
      collectBehaviorData: true,
      collectRealCharacters: false,
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const batches = loggerBodies(page);
    await page.goto(`${run.app.url}/f/record-unasked?a=${OWNER}`);
    const name = page.getByRole("textbox", { name: "Your name" });
    await name.click();
    await page.keyboard.type("Cyd", { delay: 200 });
    await page.mouse.click(900, 700);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    expect(await page.getByRole("dialog").count()).toBe(0);

    const types = batches.flatMap(
      (batch) => (JSON.parse(batch.body) as { events: Array<{ type: string }> }).events,
    );
    expect(types.map((event) => event.type)).toContain("focus");
    expect(types.filter((event) => event.type !== "focus" && event.type !== "blur")).toEqual([]);
    const [answer] = await stored(formId);
    expect(answer?.answers.find((a) => a.fieldId === "name")?.answeringTime).toBeGreaterThan(0.3);
    await context.close();
    expect(await recordedLine(formId, answer!.id, 390, "recorded-unasked-390")).toBe(
      "Behaviour recorded: focus and timing only",
    );
  });
});
