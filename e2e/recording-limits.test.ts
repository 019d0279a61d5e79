import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchWithFakeMedia } from "./fake-media.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

// The recorder keeps to what the server takes: a server that takes files of 0.2 MB at most, and a
// question that may run for a minute, which the camera would fill many times over. The recording
// stops by itself before it is too large, and is saved; a question that takes no recorder's file
// (WebM) is answered by uploading.

const run = appAndBrowser({ UPLOAD_MAX_MB: "0.2" });
let call: ApiCall;
let camera: Browser;
const OWNER = "reclimitowner";
const LIMIT_BYTES = 0.2 * 1024 * 1024;

beforeAll(async () => {
  [call, camera] = await Promise.all([
    accountOwner(run.app.url, OWNER, "reclimitowner123"),
    launchWithFakeMedia(),
  ]);
});
afterAll(() => camera?.close());

describe("recording limits", () => {
  it("stops a recording by itself before it passes the largest file the server takes, and offers no recording where the question takes no WebM", async () => {
    await createdForm(call, {
      title: "Recorded answers",
      formPathAlias: "recording-limits",
      hasVideoAudioQuestions: true,
      collectBehaviorData: false,
      collectRealCharacters: false,
      fields: [
        {
          id: "intro",
          fieldType: "video",
          question: "Introduce yourself",
          fieldOrder: 0,
          fieldSettings: { maxRecordingSeconds: 60 },
        },
        {
          id: "clip",
          fieldType: "video",
          question: "A QuickTime film",
          fieldOrder: 1,
          fieldSettings: { accept: [".mov", "video/quicktime"] },
        },
      ],
    });
    const context = await camera.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const sizes: number[] = [];
    page.on("response", async (response) => {
      if (response.url().includes("/api/forms/upload_file") && response.status() === 201)
        sizes.push(((await response.json()) as { size: number }).size);
    });
    await page.goto(`${run.app.url}/f/recording-limits?a=${OWNER}`);
    const intro = page.locator("[data-field-id=intro]");
    const record = intro.getByRole("button", { name: "Record a video" });
    await record.waitFor({ timeout: 10_000 });
    // The QuickTime question is uploaded: the recorder writes WebM, which it would refuse.
    const clip = page.locator("[data-field-id=clip]");
    expect(await clip.getByRole("button", { name: "Record a video" }).count()).toBe(0);
    expect(await clip.getByText("A recording stops by itself", { exact: false }).count()).toBe(0);
    expect(await clip.locator("input[type=file]").isVisible()).toBe(true);

    await record.click();
    const started = Date.now();
    await intro.getByRole("button", { name: "Stop recording" }).waitFor();
    // Long before the minute: the recording is kept, saved, and said to have stopped at its size.
    await intro.getByRole("button", { name: "Record again" }).waitFor({ timeout: 25_000 });
    expect(Date.now() - started).toBeLessThan(30_000);
    await intro.getByText("The recording stopped at the largest file this question takes.").waitFor();
    await intro.getByText(/The recording is saved with your answers\./).waitFor();
    expect(await intro.locator(".fl-recorder [role=alert]").textContent()).toBe("");
    await expect.poll(() => sizes.length).toBe(1);
    expect(sizes[0]).toBeGreaterThan(10_000);
    expect(sizes[0]).toBeLessThanOrEqual(LIMIT_BYTES);
    await screenshot(page, "recording-limits-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "recording-limits-390");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("refuses a file over the server's size in the browser and says the size, whatever larger size the question names", async () => {
    await createdForm(call, {
      title: "Files on a small server",
      formPathAlias: "small-server-files",
      collectBehaviorData: false,
      collectRealCharacters: false,
      fields: [
        { id: "cv", fieldType: "file", question: "Your CV", fieldOrder: 0 },
        {
          id: "scan",
          fieldType: "file",
          question: "A scan",
          fieldOrder: 1,
          fieldSettings: { maxFileSizeMb: 5 },
        },
        {
          id: "note",
          fieldType: "file",
          question: "A short note",
          fieldOrder: 2,
          fieldSettings: { maxFileSizeMb: 0.1 },
        },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    let sent = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/forms/upload_file")) sent++;
    });
    await page.goto(`${run.app.url}/f/small-server-files?a=${OWNER}`);
    const half = { name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(512 * 1024, 1) };
    // The server takes 0.2 MB: the question without a size of its own and the one naming 5 MB
    // both say so, before half a megabyte is sent for nothing.
    for (const id of ["cv", "scan"]) {
      const question = page.locator(`[data-field-id=${id}]`);
      await question.locator("input[type=file]").setInputFiles(half);
      await question.getByText("The file is too large: at most 0.2 MB per file").waitFor();
    }
    // A question's own smaller size is the one it names.
    const note = page.locator("[data-field-id=note]");
    await note.locator("input[type=file]").setInputFiles({ ...half, buffer: Buffer.alloc(150 * 1024, 1) });
    await note.getByText("The file is too large: at most 0.1 MB per file").waitFor();
    expect(sent).toBe(0);
    await screenshot(page, "upload-server-limit-390");
    expect(problems).toEqual([]);
    await context.close();
  });
});
