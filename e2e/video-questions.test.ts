import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchWithFakeMedia } from "./fake-media.ts";
import { mp4Video, pressOn, storedAnswers, wavSound } from "./fill-helpers.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  signIn,
  watchErrors,
} from "./support.ts";

// A form that asks video and audio questions records the answer in the page, with Chromium's fake
// camera and microphone here: recorded, recorded again, sent, and played on the submission's
// video-questions page. Without a camera the respondent uploads a file instead.

const run = appAndBrowser();
let call: ApiCall;
let camera: Browser;
const OWNER = "videoqowner";
const PASSWORD = "videoqowner123";
const QUESTION = "Introduce yourself in a few words";
const LIMIT_SECONDS = 5;

type FileRef = { id: string; mimeType: string; size: number };

beforeAll(async () => {
  [call, camera] = await Promise.all([accountOwner(run.app.url, OWNER, PASSWORD), launchWithFakeMedia()]);
});
afterAll(() => camera?.close());

async function createForm(alias: string, hasVideoAudioQuestions = true): Promise<number> {
  const form = await createdForm(call, {
    title: "Video interview",
    formPathAlias: alias,
    hasVideoAudioQuestions,
    collectBehaviorData: false,
    collectRealCharacters: false,
    fields: [
      { id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 },
      {
        id: "intro",
        fieldType: "video",
        question: QUESTION,
        isRequired: true,
        fieldOrder: 1,
        fieldSettings: { maxRecordingSeconds: LIMIT_SECONDS },
      },
      { id: "voice", fieldType: "audio", question: "Say your name", fieldOrder: 2 },
    ],
  });
  return form.id;
}

/** The uploads the page posts, with the ids the server gave them. */
function uploads(page: Page): string[] {
  const ids: string[] = [];
  page.on("response", async (response) => {
    if (response.url().includes("/api/forms/upload_file") && response.status() === 201)
      ids.push(((await response.json()) as FileRef).id);
  });
  return ids;
}

/** Waits until the browser has read the media's header, and answers its length. */
async function loadedLength(page: Page, selector: string): Promise<number> {
  const media = page.locator(selector).first();
  await media.waitFor();
  await expect
    .poll(() => media.evaluate((element: HTMLMediaElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  return media.evaluate((element: HTMLMediaElement) => element.duration);
}

describe("video and audio questions", () => {
  it("records a video answer in the page, records it again, sends it and plays it on the submission's page", async () => {
    const formId = await createForm("video-question");
    const context = await camera.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const sent = uploads(page);
    await page.goto(`${run.app.url}/f/video-question?a=${OWNER}`);
    await page.getByRole("textbox", { name: "Your name" }).fill("Ada");
    const record = page.getByRole("button", { name: "Record a video" });
    await expect.poll(() => record.count(), { timeout: 10_000 }).toBe(1);
    await expect(
      page.getByText(`A recording stops by itself after 0:0${LIMIT_SECONDS}.`).isVisible(),
    ).resolves.toBe(true);
    // From the keyboard: the button starts the camera, and the same button, still focused, stops it.
    await pressOn(page, record, "Enter");
    const stop = page.getByRole("button", { name: "Stop recording" });
    await stop.waitFor();
    expect(await stop.evaluate((element) => element === document.activeElement)).toBe(true);
    // The clock runs (a busy machine may draw 0:02 before it draws 0:01), short of the limit.
    await page.getByText(/Recording: 0:0[1-4] of 0:05/).waitFor();
    expect(await page.locator("video[aria-label='What the camera sees']").count()).toBe(1);
    await page.keyboard.press("Enter");
    const again = page.getByRole("button", { name: "Record again" });
    await again.waitFor();
    await page.getByText(/Recorded: 0:0\d\. The recording is saved with your answers\./).waitFor();
    expect(await loadedLength(page, "video[aria-label='Your recording']")).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    // Once recorded, the upload is out of the way; the recording is the answer.
    const intro = page.locator("[data-field-id=intro]");
    expect(await intro.getByText("Or upload a file").count()).toBe(0);
    expect(await intro.locator("input[type=file]").isVisible()).toBe(false);

    // Recorded again, left to run: it stops by itself at the question's limit.
    await again.click();
    await stop.waitFor();
    const started = Date.now();
    // Sending while it runs sends nothing and says why; the note goes once the recording is in.
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const running = page.getByText("The recording is still running: stop it, then send");
    await running.waitFor();
    expect(page.url()).not.toMatch(/thankyou/);
    await again.waitFor({ timeout: 15_000 });
    await expect.poll(() => running.count()).toBe(0);
    expect(Date.now() - started).toBeGreaterThan((LIMIT_SECONDS - 1) * 1000);
    await expect.poll(() => sent.length).toBe(2);
    await page.getByText(/Recorded: 0:05/).waitFor();
    await screenshot(page, "vq-fill-recorded-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "vq-fill-recorded-390");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();

    // The second recording is the answer; the first, never sent, is no submission's.
    const stored = (await storedAnswers(call, formId)).intro as FileRef[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: sent[1], mimeType: "video/webm" });
    expect(stored[0]!.size).toBeGreaterThan(10_000);

    const owner = await run.browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    const reader = await owner.newPage();
    const readerProblems = watchErrors(reader);
    await signIn(reader, run.app.url, OWNER, PASSWORD);
    await reader.goto(`${run.app.url}/forms/${formId}/results/1?tab=video-questions`);
    const section = reader.getByRole("region", { name: QUESTION });
    await section.waitFor();
    // The recording carries its length: the player shows it and can seek.
    const length = await loadedLength(reader, `video[aria-label="${QUESTION}"]`);
    expect(length).toBeGreaterThan(LIMIT_SECONDS - 1.5);
    expect(length).toBeLessThan(LIMIT_SECONDS + 1.5);
    await screenshot(reader, "vq-result-tab-1280");
    // Every answer to the question, on its own page.
    await pressOn(reader, section.getByRole("link", { name: "Every answer to this question" }), "Enter");
    await reader.waitForURL(/\/results\/1\/video-questions\/intro$/);
    await reader.getByRole("heading", { name: QUESTION }).waitFor();
    const listed = reader.getByRole("article", { name: "#1" });
    await listed.waitFor();
    expect(Number.isFinite(await loadedLength(reader, "article video"))).toBe(true);
    await screenshot(reader, "vq-field-page-1280");
    await reader.setViewportSize({ width: 390, height: 844 });
    await screenshot(reader, "vq-field-page-390");
    expect(readerProblems).toEqual([]);
    await owner.close();
  });

  it("is turned on in the builder from the keyboard, and takes an uploaded file where the page has no camera", async () => {
    const formId = await createForm("video-question-upload", false);
    const builder = await run.browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    const editor = await builder.newPage();
    const editorProblems = watchErrors(editor);
    await signIn(editor, run.app.url, OWNER, PASSWORD);
    await editor.goto(`${run.app.url}/forms/${formId}/edit`);
    await editor.getByRole("button", { name: "Data collection and consent" }).click();
    const asks = editor.getByRole("switch", { name: "Ask video and audio questions" });
    await pressOn(editor, asks, "Space");
    expect(await asks.isChecked()).toBe(true);
    await screenshot(editor, "vq-builder-setting-1280");
    await editor.getByRole("button", { name: "Save", exact: true }).click();
    await editor.getByText("All changes saved").waitFor();
    expect(editorProblems).toEqual([]);
    await builder.close();
    expect(
      (await call<{ form: { hasVideoAudioQuestions: boolean } }>("GET", `/forms/${formId}`)).form,
    ).toMatchObject({
      hasVideoAudioQuestions: true,
    });

    // The shared browser has no camera nor microphone.
    const context = await run.browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/video-question-upload?a=${OWNER}`);
    await page.getByRole("button", { name: "Record a video" }).click();
    await page.getByText("The camera could not be used. Upload a video file instead.").waitFor();
    await page.locator("[data-field-id=intro]").getByText("Or upload a file").waitFor();
    await page.getByLabel(QUESTION).setInputFiles({
      name: "hello.mp4",
      mimeType: "video/mp4",
      buffer: mp4Video(),
    });
    await page.getByText(/Uploaded: hello\.mp4/).waitFor();
    // A sound is recorded too, and uploaded where there is no microphone.
    await page.getByRole("button", { name: "Record audio" }).click();
    await page.getByText("The microphone could not be used. Upload a sound file instead.").waitFor();
    expect(await page.getByLabel("Say your name").getAttribute("accept")).toBe("audio/*");
    await screenshot(page, "vq-fill-fallback-390");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();
    const stored = (await storedAnswers(call, formId)).intro as FileRef[];
    expect(stored).toEqual([expect.objectContaining({ mimeType: "video/mp4" })]);
  });

  it("keeps a sound file chosen before the page's script arrived, while the recorder takes its place", async () => {
    const formId = await createForm("video-question-early");
    const page = await run.browser.newPage();
    const problems = watchErrors(page);
    // The page's scripts arrive late, as on a slow line; the recorder's code, once asked for, at
    // once; the upload slowly, so the recorder arrives while the file is still being sent.
    await page.route(/\.js(\?|$)/, async (route) => {
      if (!route.request().url().includes("recorded-answer"))
        await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.route(/\/api\/forms\/upload_file/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${run.app.url}/f/video-question-early?a=${OWNER}`, { waitUntil: "commit" });
    await page.getByLabel("Say your name").setInputFiles({
      name: "name.wav",
      mimeType: "audio/wav",
      buffer: wavSound(),
    });
    await page.getByRole("button", { name: "Record audio" }).waitFor({ timeout: 20_000 });
    await page.locator("[data-field-id=voice]").getByText("Uploaded: name.wav").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Record a video" }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
    expect(formId).toBeGreaterThan(0);
  });
});

describe("a video and audio question on a form in Russian", () => {
  it("speaks Russian in its recorder, as the rest of the page does", async () => {
    await createdForm(call, {
      title: "Интервью",
      formPathAlias: "video-question-ru",
      language: "RU",
      hasVideoAudioQuestions: true,
      collectBehaviorData: false,
      collectRealCharacters: false,
      fields: [
        { id: "intro", fieldType: "video", question: "Расскажите о себе", fieldOrder: 0 },
        { id: "voice", fieldType: "audio", question: "Назовите своё имя", fieldOrder: 1 },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/video-question-ru?a=${OWNER}`);
    await page.getByRole("button", { name: "Записать видео" }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Записать аудио" }).waitFor();
    expect(await page.getByText("Record", { exact: false }).count()).toBe(0);
    await screenshot(page, "video-questions-390-ru");
    expect(problems).toEqual([]);
    await context.close();
  });
});
