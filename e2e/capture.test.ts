import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchWithFakeMedia } from "./fake-media.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  signIn,
  watchErrors,
} from "./support.ts";

// A form that captures video and audio asks the capturing consent first; after a yes the page
// records the respondent with the camera (Chromium's fake one here) and sends the recording in
// chunks, played back on the submission's page. A refusal, or no camera at all, still sends.

const run = appAndBrowser();
let call: ApiCall;
/** A Chromium of this file's own with a fake camera and microphone that never asks: the shared one has none. */
let camera: Browser;
const OWNER = "captureowner";
const PASSWORD = "captureowner123";
const CONSENT = "Video data collection confirmation";
const OPTION = "I agree to video and audio recording";

beforeAll(async () => {
  [call, camera] = await Promise.all([accountOwner(run.app.url, OWNER, PASSWORD), launchWithFakeMedia()]);
});
afterAll(() => camera?.close());

async function createForm(alias: string): Promise<number> {
  const form = await createdForm(call, {
    title: "Captured",
    formPathAlias: alias,
    hasVideoCapturing: true,
    hasAudioCapturing: true,
    collectBehaviorData: false,
    collectRealCharacters: false,
    fields: [{ id: "name", fieldType: "text", question: "Your name", isRequired: true, fieldOrder: 0 }],
  });
  return form.id;
}

/** The chunks the page posts, with the server's answers. */
function chunkAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/api/forms/answer/upload_capture")) statuses.push(response.status());
  });
  return statuses;
}

async function fill(browser: Browser, alias: string, agree: boolean): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  const chunks = chunkAnswers(page);
  await page.goto(`${run.app.url}/f/${alias}?a=${OWNER}`);
  const dialog = page.getByRole("dialog", { name: CONSENT });
  if (agree) await dialog.getByRole("checkbox", { name: OPTION }).check();
  await dialog.getByRole("button", { name: agree ? "Confirm" : "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByRole("textbox", { name: "Your name" }).fill("Ada");
  // Long enough for the recorder to cut a chunk of its own before the last one at sending.
  if (agree && browser === camera)
    await expect.poll(() => chunks.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.waitForURL(/thankyou/);
  expect(problems).toEqual([]);
  await context.close();
  return chunks;
}

type Capture = { capture: { mimeType: string; chunks: number; bytes: number } | null };

const firstAnswer = async (formId: number) =>
  (await call<{ answerList: Array<{ id: number }> }>("GET", `/forms/${formId}/answer/paginated/1/50`))
    .answerList[0]!.id;

describe("video and audio capture", () => {
  it("records a consenting respondent with the camera, stores it in chunks and plays it on the submission's page", async () => {
    const formId = await createForm("capture-agreed");
    const chunks = await fill(camera, "capture-agreed", true);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.every((status) => status === 200)).toBe(true);
    const answerId = await firstAnswer(formId);
    const { capture } = await call<Capture>("GET", `/forms/${formId}/answer/${answerId}/capture`);
    expect(capture?.mimeType).toBe("video/webm");
    expect(capture?.chunks).toBe(chunks.length);
    expect(capture?.bytes).toBeGreaterThan(1000);

    for (const width of [1280, 390]) {
      const context = await run.browser.newContext({
        viewport: { width, height: 900 },
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await signIn(page, run.app.url, OWNER, PASSWORD);
      await page.goto(`${run.app.url}/forms/${formId}/results/1`);
      const section = page.getByRole("region", { name: "Video of the respondent" });
      const video = section.locator("video");
      await video.waitFor();
      // The browser read the recording: its dimensions and length are known.
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
      await screenshot(page, `capture-result-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("records nothing when the respondent refuses, and the submission is sent all the same", async () => {
    const formId = await createForm("capture-refused");
    expect(await fill(camera, "capture-refused", false)).toEqual([]);
    const answerId = await firstAnswer(formId);
    expect(await call<Capture>("GET", `/forms/${formId}/answer/${answerId}/capture`)).toEqual({
      capture: null,
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, run.app.url, OWNER, PASSWORD);
    await page.goto(`${run.app.url}/forms/${formId}/results/1`);
    await page.getByText("Ada").first().waitFor();
    expect(await page.locator("video, audio").count()).toBe(0);
    await context.close();
  });

  it("sends the answers of a respondent who agreed but has no camera", async () => {
    const formId = await createForm("capture-no-camera");
    // The shared browser has no camera nor microphone: the recorder cannot start.
    expect(await fill(run.browser, "capture-no-camera", true)).toEqual([]);
    const answerId = await firstAnswer(formId);
    expect(await call<Capture>("GET", `/forms/${formId}/answer/${answerId}/capture`)).toEqual({
      capture: null,
    });
  });
});
