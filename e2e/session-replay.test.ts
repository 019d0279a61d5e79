import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  signIn,
  watchErrors,
} from "./support.ts";

// A form that records sessions asks the capturing consent first; only after a yes is the filling
// recorded (rrweb), with what is typed masked, and replayed on the submission's activity recording.

const run = appAndBrowser();
let call: ApiCall;
const OWNER = "replayowner";
const PASSWORD = "replayowner123";
// A form that records the session but no video says so, in its header and its option.
const CONSENT = "Session recording confirmation";
const OPTION = "I agree that my session on this page is recorded for replay";
const BEHAVIOUR = "Behavioral data collection confirmation";
const TYPING_OPTION = "I agree that what I type, including erased text, is recorded";

/** rrweb's pointer events: moves, touches, drags, selections, and clicks (any interaction but focus and blur). */
const pointerEvents = (events: Array<{ type: number; data?: { source?: number; type?: number } }>) =>
  events.filter(
    (event) =>
      event.type === 3 &&
      ([1, 6, 12, 14].includes(event.data?.source ?? -1) ||
        (event.data?.source === 2 && ![5, 6].includes(event.data?.type ?? -1))),
  );
const TYPED = "Zebra42";

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, PASSWORD);
});

async function createForm(alias: string, settings: Record<string, unknown> = {}): Promise<number> {
  const form = await createdForm(call, {
    title: "Replayed",
    formPathAlias: alias,
    hasSessionRecording: true,
    collectBehaviorData: false,
    collectRealCharacters: false,
    fields: [{ id: "name", fieldType: "text", question: "Your name", isRequired: true, fieldOrder: 0 }],
    ...settings,
  });
  return form.id;
}

/** The bodies of the recording batches the page posts, each with the moment it went. */
function recordingBodies(page: Page): Array<{ body: string; at: number }> {
  const sent: Array<{ body: string; at: number }> = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/forms/answer/session-recording"))
      sent.push({ body: request.postData() ?? "", at: Date.now() });
  });
  return sent;
}

async function fill(alias: string, option: string | null): Promise<Array<{ body: string; at: number }>> {
  const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  const batches = recordingBodies(page);
  // The page's clock, to move it past the recorder's wait between batches without waiting.
  await context.clock.install();
  await page.goto(`${run.app.url}/f/${alias}?a=${OWNER}`);
  const dialog = page.getByRole("dialog", { name: CONSENT });
  await dialog.getByRole("checkbox", { name: OPTION }).waitFor();
  // Typed while the pop-up is still open: the recording starts only with the yes.
  await page.getByRole("textbox", { name: "Your name" }).evaluate((input: HTMLInputElement) => {
    input.value = "Early";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  // Longer than the recorder waits between batches: still nothing may leave before the choice.
  await page.clock.runFor(6000);
  expect(batches).toEqual([]);
  if (option) await dialog.getByRole("checkbox", { name: option }).check();
  await dialog.getByRole("button", { name: option ? "Confirm" : "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  if (option) {
    // The recorder loads with the yes and then draws the page whole: on a busy machine that can
    // come after the next keystrokes. Its first batch is that drawing, with the text as it was.
    await expect
      .poll(async () => {
        await page.clock.runFor(6000);
        return batches.length;
      })
      .toBeGreaterThan(0);
  }
  const name = page.getByRole("textbox", { name: "Your name" });
  await name.fill("");
  await name.click();
  await page.keyboard.type(TYPED, { delay: 40 });
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.waitForURL(/thankyou/);
  expect(problems).toEqual([]);
  await context.close();
  return batches;
}

const firstAnswer = async (formId: number) =>
  (await call<{ answerList: Array<{ id: number }> }>("GET", `/forms/${formId}/answer/paginated/1/50`))
    .answerList[0]!.id;

describe("session replay", () => {
  it("records a consented filling with the text field masked and replays it on the activity recording", async () => {
    const formId = await createForm("replay-masked");
    const batches = await fill("replay-masked", OPTION);
    expect(batches.length).toBeGreaterThan(0);
    const answerId = await firstAnswer(formId);
    const recording = await call<{ events: Array<{ type: number }> }>(
      "GET",
      `/forms/${formId}/answer/${answerId}/session-recording`,
    );
    // A full snapshot of the page (type 2), and what the respondent typed never in the clear.
    expect(recording.events.some((event) => event.type === 2)).toBe(true);
    const stored = JSON.stringify(recording.events);
    expect(stored).toContain("*".repeat(TYPED.length));
    for (const text of [TYPED, "Zebra", "Early"]) {
      expect(stored).not.toContain(text);
      for (const batch of batches) expect(batch.body).not.toContain(text);
    }

    for (const width of [1280, 390]) {
      const context = await run.browser.newContext({
        viewport: { width, height: 900 },
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await signIn(page, run.app.url, OWNER, PASSWORD);
      await page.goto(`${run.app.url}/forms/${formId}/results/1?tab=user-activity-recording`);
      const replay = page.getByRole("region", { name: "Replay of the filling" });
      await replay.locator(".rr-player").waitFor();
      // The replay opens on the page as it was at the yes: the field there, its text masked.
      const field = page.frameLocator(".replayer-wrapper iframe").getByRole("textbox").first();
      await expect.poll(() => field.inputValue(), { timeout: 20_000 }).toMatch(/^\*+$/);
      await screenshot(page, `session-replay-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("records nothing when the respondent refuses, and the activity recording says so", async () => {
    const formId = await createForm("replay-refused");
    expect(await fill("replay-refused", null)).toEqual([]);
    const answerId = await firstAnswer(formId);
    const recording = await call<{ events: unknown[] }>(
      "GET",
      `/forms/${formId}/answer/${answerId}/session-recording`,
    );
    expect(recording.events).toEqual([]);
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, run.app.url, OWNER, PASSWORD);
    await page.goto(`${run.app.url}/forms/${formId}/results/1?tab=user-activity-recording`);
    await page.getByText("Nothing of this kind was collected for this submission.").waitFor();
    await context.close();
  });

  it("shows typing where the form keeps every character and the respondent agreed, but never a password", async () => {
    const formId = await createForm("replay-typing", {
      collectBehaviorData: true,
      collectRealCharacters: true,
      fields: [
        { id: "name", fieldType: "text", question: "Your name", isRequired: true, fieldOrder: 0 },
        { id: "secret", fieldType: "password", question: "Your password", fieldOrder: 1 },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const batches = recordingBodies(page);
    await page.goto(`${run.app.url}/f/replay-typing?a=${OWNER}`);
    for (const [name, option] of [
      [CONSENT, OPTION],
      [BEHAVIOUR, TYPING_OPTION],
    ] as const) {
      const dialog = page.getByRole("dialog", { name });
      await dialog.getByRole("checkbox", { name: option }).check();
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    await page.getByRole("textbox", { name: "Your name" }).click();
    await page.keyboard.type(TYPED, { delay: 40 });
    await page.getByLabel("Your password").click();
    await page.keyboard.type("hunter22", { delay: 40 });
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();

    const answerId = await firstAnswer(formId);
    const recording = await call<{ events: unknown[] }>(
      "GET",
      `/forms/${formId}/answer/${answerId}/session-recording`,
    );
    const stored = JSON.stringify(recording.events);
    expect(stored).toContain(TYPED);
    // With the behavioural yes, the clicks into the fields are in the replay.
    expect(pointerEvents(recording.events as Parameters<typeof pointerEvents>[0]).length).toBeGreaterThan(0);
    expect(stored).toContain("*".repeat("hunter22".length));
    expect(stored).not.toContain("hunter");
    for (const batch of batches) expect(batch.body).not.toContain("hunter");
  });

  it("keeps no clicks or pointer moves in the recording when the behavioural pop-up is declined", async () => {
    const formId = await createForm("replay-no-pointer", {
      collectBehaviorData: true,
      collectRealCharacters: true,
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/replay-no-pointer?a=${OWNER}`);
    const recording = page.getByRole("dialog", { name: CONSENT });
    await recording.getByRole("checkbox", { name: OPTION }).waitFor();
    await screenshot(page, "privacy-session-consent-1280");
    await recording.getByRole("checkbox", { name: OPTION }).check();
    await recording.getByRole("button", { name: "Confirm" }).click();
    await recording.waitFor({ state: "detached" });
    const behaviour = page.getByRole("dialog", { name: BEHAVIOUR });
    await behaviour.getByRole("button", { name: "Cancel" }).click();
    await behaviour.waitFor({ state: "detached" });
    for (let step = 0; step < 12; step++) await page.mouse.move(100 + step * 40, 150 + step * 20);
    await page.mouse.dblclick(400, 300);
    await page.getByRole("textbox", { name: "Your name" }).click();
    await page.keyboard.type(TYPED, { delay: 30 });
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();
    const { events } = await recordingOf(formId);
    expect(events.some((event) => event.type === 2)).toBe(true);
    expect(pointerEvents(events)).toEqual([]);
    // The field's focus is still there, as in the behaviour log without consent.
    expect(
      events.some((event) => event.type === 3 && event.data?.source === 2 && event.data.type === 5),
    ).toBe(true);
  });

  /** Opens the form, says yes to capturing, and answers the page. */
  async function consented(alias: string) {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const batches = recordingBodies(page);
    await page.goto(`${run.app.url}/f/${alias}?a=${OWNER}`);
    const dialog = page.getByRole("dialog", { name: CONSENT });
    await dialog.getByRole("checkbox", { name: OPTION }).check();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "detached" });
    return { context, page, problems, batches };
  }

  const recordingOf = async (formId: number) =>
    call<{ events: Array<{ type: number; data?: { source?: number; type?: number } }> }>(
      "GET",
      `/forms/${formId}/answer/${await firstAnswer(formId)}/session-recording`,
    );

  it("keeps the page's snapshot when the tab is hidden at once, however large the page", async () => {
    // Questions long enough that the page's snapshot passes the 64 KB a keepalive request may carry.
    const fields = Array.from({ length: 120 }, (_, n) => ({
      id: `q${n}`,
      fieldType: "text",
      question: `Question ${n}: ${"about the weather and the sea ".repeat(25)}`,
      isRequired: false,
      fieldOrder: n,
    }));
    const formId = await createForm("replay-hidden", { fields });
    const { context, page, problems, batches } = await consented("replay-hidden");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => batches.length).toBeGreaterThan(0);
    expect(batches[0]!.body.length).toBeGreaterThan(64 * 1024);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    });
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();
    const recording = await recordingOf(formId);
    expect(recording.events.some((event) => event.type === 2)).toBe(true);
  });

  it("masks the coloured copy of a code answer as its text area is masked", async () => {
    const formId = await createForm("replay-code", {
      fields: [
        {
          id: "code",
          fieldType: "codeHighlight",
          question: "Paste your function",
          fieldSettings: { language: "javascript" },
          fieldOrder: 0,
        },
      ],
    });
    const { context, page, problems, batches } = await consented("replay-code");
    const code = page.getByRole("textbox", { name: "Paste your function" });
    await page.locator("textarea[data-highlighted]").waitFor();
    await code.click();
    await page.keyboard.type("let zebraCode = 42;", { delay: 30 });
    await page.locator(".fl-code-tokens").getByText("zebraCode").waitFor();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();
    const stored = JSON.stringify((await recordingOf(formId)).events);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).not.toContain("zebra");
    for (const batch of batches) expect(batch.body).not.toContain("zebra");
  });
});
