import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
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

// A form that recognises faces, emotions, age and gender asks the capturing consent first; after a
// yes the page loads the face models from this app and looks at the camera while each question is
// answered. The camera here is Chromium's fake one playing a clip made from a photo the face
// models' package ships, so there are faces to find.

const run = appAndBrowser();
let call: ApiCall;
let camera: Browser;
let folder: string;
const OWNER = "recognitionowner";
const PASSWORD = "recognitionowner123";
const CONSENT = "Video data collection confirmation";
const OPTION =
  "I agree that my camera is used on this device to recognise my face, emotions, age and gender; the video itself is not recorded";
const WIDTH = 320;
const HEIGHT = 240;

/**
 * A few seconds' Y4M clip (Chromium's fake camera plays it in a loop) of three smiling faces: a
 * part of the package's sample photo, scaled by the browser and turned into YUV 4:2:0 here.
 */
async function faceClip(file: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const photo = path.join(
    path.dirname(require.resolve("@vladmandic/face-api/package.json")),
    "demo/sample3.jpg",
  );
  const context = await run.browser.newContext();
  const page = await context.newPage();
  const rgba = await page.evaluate(
    async ({ data, width, height }) => {
      const image = await createImageBitmap(await (await fetch(data)).blob());
      const canvas = new OffscreenCanvas(width, height);
      const drawing = canvas.getContext("2d")!;
      // The three faces of the photo's upper half, at 4:3.
      drawing.drawImage(image, 160, 40, 1600, 1200, 0, 0, width, height);
      return Array.from(drawing.getImageData(0, 0, width, height).data);
    },
    {
      data: `data:image/jpeg;base64,${readFileSync(photo).toString("base64")}`,
      width: WIDTH,
      height: HEIGHT,
    },
  );
  await context.close();
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  for (let row = 0; row < HEIGHT; row++)
    for (let col = 0; col < WIDTH; col++) {
      const i = (row * WIDTH + col) * 4;
      const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
      y[row * WIDTH + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (WIDTH / 2) + col / 2;
        u[j] = Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[j] = Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, u, v]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F5:1 Ip A1:1 C420jpeg\n`),
      ...Array(5).fill(frame),
    ]),
  );
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "recognition-"));
  const clip = path.join(folder, "faces.y4m");
  [call] = await Promise.all([accountOwner(run.app.url, OWNER, PASSWORD), faceClip(clip)]);
  camera = await launchWithFakeMedia(clip);
});
afterAll(async () => {
  await camera?.close();
  rmSync(folder, { recursive: true, force: true });
});

interface FieldsEmotions {
  fields: Array<{
    fieldId: string;
    samples: number;
    withFace: number;
    dominant: string | null;
    expectedEmotion: string | null;
    timeline: Array<{ faces: number; emotion: string | null }>;
  }>;
}

describe("on-device recognition", () => {
  it("recognises faces and emotions in the respondent's browser with the app's own models, per question, and shows them on the submission", async () => {
    const form = await createdForm(call, {
      title: "Recognised",
      formPathAlias: "recognised",
      hasFaceRecognition: true,
      hasEmotionsRecognition: true,
      hasAgeGenderRecognition: true,
      collectBehaviorData: false,
      collectRealCharacters: false,
      fields: [
        {
          id: "name",
          fieldType: "text",
          question: "Your name",
          fieldOrder: 0,
          userBehaviorSettings: { expectedEmotion: "happy" },
        },
        { id: "city", fieldType: "text", question: "Your city", fieldOrder: 1 },
      ],
    });

    const context = await camera.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const models: Array<{ url: string; status: number }> = [];
    const sent: number[] = [];
    page.on("response", (response) => {
      const url = response.url();
      if (url.includes("/recognition-models/")) models.push({ url, status: response.status() });
      if (url.endsWith("/api/forms/answer/recognition")) sent.push(response.status());
    });
    const sentFields = new Set<string>();
    page.on("request", (request) => {
      if (!request.url().endsWith("/api/forms/answer/recognition")) return;
      for (const field of (request.postDataJSON() as { fields: Array<{ fieldId: string }> }).fields)
        sentFields.add(field.fieldId);
    });
    await page.goto(`${run.app.url}/f/recognised?a=${OWNER}`);
    const dialog = page.getByRole("dialog", { name: CONSENT });
    await dialog.getByRole("checkbox", { name: OPTION }).check();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "detached" });
    const name = page.getByRole("textbox", { name: "Your name" });
    const city = page.getByRole("textbox", { name: "Your city" });
    /** Moves between the questions until the page, leaving this one, sent what it saw there. */
    const lookedAt = async (fieldId: string) => {
      let onName = fieldId === "name";
      await expect
        .poll(
          async () => {
            if (sentFields.has(fieldId)) return true;
            onName = !onName;
            await (onName ? name : city).focus();
            return false;
          },
          { timeout: 30_000, interval: 2000 },
        )
        .toBe(true);
    };
    await name.fill("Ada");
    // The models come from this app, only the three the form needs.
    await expect.poll(() => models.length, { timeout: 30_000 }).toBe(6);
    expect(models.every((model) => model.status === 200 && model.url.startsWith(run.app.url))).toBe(true);
    await lookedAt("name");
    await city.fill("Paris");
    await lookedAt("city");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(sent.every((status) => status === 204)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    const answers = await call<{ answerList: Array<{ id: number }> }>(
      "GET",
      `/forms/${form.id}/answer/paginated/1/50`,
    );
    const answerId = answers.answerList[0]!.id;
    const emotions = await call<FieldsEmotions>(
      "GET",
      `/forms/${form.id}/answer/${answerId}/charts/fields-emotions`,
    );
    const named = emotions.fields.find((field) => field.fieldId === "name");
    expect(named?.samples).toBeGreaterThan(0);
    expect(named?.withFace).toBeGreaterThan(0);
    expect(named?.dominant).not.toBeNull();
    expect(named?.expectedEmotion).toBe("happy");
    expect(emotions.fields.find((field) => field.fieldId === "city")?.samples).toBeGreaterThan(0);
    const faces = await call<{ overall: { withFace: number; age: number | null; gender: string | null } }>(
      "GET",
      `/forms/${form.id}/answer/${answerId}/faces`,
    );
    expect(faces.overall.withFace).toBeGreaterThan(0);
    expect(faces.overall.age).toBeGreaterThan(0);
    expect(faces.overall.gender).not.toBeNull();

    // A second filling whose camera found no face, sent as its page would: a result of its own.
    const key = "recognition-no-face";
    const noFace = await fetch(`${run.app.url}/api/forms/answer/recognition`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        formId: form.id,
        key,
        capturingConfirmOptions: ["default-capturing"],
        fields: [
          {
            fieldId: "name",
            samples: [
              { at: 0, faces: 0 },
              { at: 1000, faces: 0 },
            ],
          },
        ],
      }),
    });
    expect(noFace.status).toBe(204);
    const second = await fetch(`${run.app.url}/api/forms/answer`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({
        formId: form.id,
        answers: [{ fieldId: "name", answer: "Bo" }],
        capturingConfirmOptions: ["default-capturing"],
      }),
    });
    expect(second.status).toBe(201);

    for (const width of [1280, 390]) {
      const reader = await run.browser.newContext({
        viewport: { width, height: 900 },
        reducedMotion: "reduce",
      });
      const page = await reader.newPage();
      const problems = watchErrors(page);
      await signIn(page, run.app.url, OWNER, PASSWORD);
      await page.goto(`${run.app.url}/forms/${form.id}/results/1?tab=video-emotions`);
      const table = page.getByRole("table", { name: "Emotions per question" });
      await expect.poll(() => table.getByRole("row").count(), { timeout: 15_000 }).toBe(3);
      await expect
        .poll(() => table.getByRole("row", { name: /Your name/ }).textContent())
        .toMatch(/Matches|Differs/);
      await page.getByRole("table", { name: "Faces, age and gender" }).getByText("All questions").waitFor();
      await page.locator(".recharts-surface").first().waitFor();
      await screenshot(page, `recognition-video-emotions-${width}`);
      await page.goto(`${run.app.url}/forms/${form.id}/results/2?tab=video-emotions`);
      await page.getByRole("table", { name: "Emotions per question" }).getByText("No face found").waitFor();
      await screenshot(page, `recognition-no-face-${width}`);
      await page.goto(`${run.app.url}/forms/${form.id}/fields-analysis`);
      const totals = page.getByRole("table", { name: "Emotions per question" });
      await expect
        .poll(() => totals.getByRole("row", { name: /Your name/ }).textContent(), { timeout: 15_000 })
        .toMatch(/Happy: \d of 2 matched/);
      // The drop-off chart and the emotions' chart.
      await expect.poll(() => page.locator(".recharts-surface").count()).toBe(2);
      await screenshot(page, `recognition-form-emotions-${width}`);
      expect(problems).toEqual([]);
      await reader.close();
    }
  });
});
