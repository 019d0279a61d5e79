import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { storedAnswers } from "./fill-helpers.ts";
import { png } from "./png.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;
let token: string;

/** A small real picture: a sky-and-grass gradient. */
const PNG = png(240, 160, (x, y) => (y > 160 * 0.65 ? [64, 160 - y, 72] : [116 + x / 4, 192, 252 - y]));
const RECEIPT = Buffer.from("date;amount\n2026-11-20;42.50\n");
const PAGE_AS_PNG = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

const FIELDS = [
  { id: "name", fieldType: "text", question: "Your name", isRequired: true },
  {
    id: "receipt",
    fieldType: "file",
    question: "Receipt",
    isRequired: true,
    fieldSettings: { maxFileSizeMb: 1 },
  },
  { id: "snap", fieldType: "photo", question: "Photo of the bike", isRequired: true },
];

beforeAll(async () => {
  call = await accountOwner(run.app.url, "uploader", "uploader123");
  token = (await call<{ token: string }>("POST", "/login", { username: "uploader", password: "uploader123" }))
    .token;
});

/** A page of the app, signed in as the form's owner. */
async function signedIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("uploader");
  await page.getByRole("textbox", { name: "Password" }).fill("uploader123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  return page;
}

/** Holds the page's uploads until the function returned is called: the test sees the page wait. */
async function holdUploads(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/forms/upload_file", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const STILL_UPLOADING = "The file is still uploading: send once it has arrived";

/** Attaches the bike's photo and sends: refused while it uploads, sent once it has arrived. */
async function sendsOnceUploaded(page: Page, release: () => void) {
  await page
    .getByLabel("Photo of the bike")
    .setInputFiles({ name: "bike.png", mimeType: "image/png", buffer: PNG });
  await page.getByText("Uploading bike.png").waitFor();
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByText(STILL_UPLOADING).waitFor();
  expect(page.url()).not.toMatch(/thankyou/);
  release();
  await page.getByText("Uploaded: bike.png").waitFor();
  expect(await page.getByText(STILL_UPLOADING).count()).toBe(0);
  await page.getByRole("button", { name: "Send" }).click();
  await page.waitForURL(/thankyou/);
}

describe("file and photo fields on the public page", () => {
  for (const width of [1280, 390]) {
    it(`uploads a file and a photo, passes the captcha and sends at ${width} px; the owner downloads both`, async () => {
      const alias = `bike-claim-${width}`;
      const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
        collectRealCharacters: false,
        title: "Bike damage claim",
        formPathAlias: alias,
        // The form's captcha setting puts the check by the send button; a captcha element, where it stands.
        ...(width === 1280
          ? { hasCaptcha: true, fields: FIELDS }
          : { fields: [...FIELDS, { id: "check", fieldType: "captcha", fieldOrder: 10 }] }),
      });
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/f/${alias}?a=uploader`);
      await page.getByLabel("Your name").fill("Ann");

      // A web page named .png passes the browser's look at its name, and the server refuses its bytes.
      const photo = page.getByLabel("Photo of the bike");
      await photo.setInputFiles({ name: "bike.png", mimeType: "image/png", buffer: PAGE_AS_PNG });
      await page.getByText("This type of file is not accepted here").waitFor();
      // A file over the field's limit is refused before it is sent.
      const receipt = page.getByLabel("Receipt");
      await receipt.setInputFiles({
        name: "big.txt",
        mimeType: "text/plain",
        buffer: Buffer.alloc(1024 * 1024 + 1, 65),
      });
      await page.getByText("The file is too large").waitFor();
      await screenshot(page, `upload-fields-refused-${width}`);
      // An empty file is said to be empty, not taken for a question left unanswered.
      await receipt.setInputFiles({ name: "empty.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) });
      await page.getByText("This file is empty. Please choose another one").waitFor();

      await photo.setInputFiles({ name: "bike.png", mimeType: "image/png", buffer: PNG });
      await page.getByText("Uploaded: bike.png").waitFor();
      await receipt.setInputFiles({ name: "receipt.csv", mimeType: "text/csv", buffer: RECEIPT });
      await page.getByText("Uploaded: receipt.csv").waitFor();
      expect(await page.getByText("This type of file is not accepted here").count()).toBe(0);
      await page.getByRole("img", { name: "bike.png" }).waitFor();

      // Sending asks for the captcha first; ticking the box solves it in the browser.
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByText("Please solve the captcha").waitFor();
      await page.getByRole("checkbox", { name: "I am not a robot" }).check();
      await page.getByText("Checked: you can send the form").waitFor({ timeout: 60_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const targets = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll(".fl-upload button, .fill-captcha-box"),
          (element) => element.getBoundingClientRect().height,
        ),
      );
      expect(Math.min(...targets)).toBeGreaterThanOrEqual(44);
      await screenshot(page, `upload-fields-${width}`);
      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForURL(/thankyou/);

      const results = await call<{
        answerList: Array<{ id: number; answers: Array<{ fieldId: string; answer: unknown }> }>;
      }>("GET", `/forms/${form.id}/answer/paginated/1/10`);
      expect(results.answerList).toHaveLength(1);
      const stored = Object.fromEntries(
        results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]),
      ) as Record<string, Array<{ id: string; url: string; name: string; size: number; mimeType: string }>>;
      expect(stored.receipt).toEqual([
        expect.objectContaining({ name: "receipt.csv", size: RECEIPT.length, mimeType: "text/plain" }),
      ]);
      expect(stored.snap).toEqual([
        expect.objectContaining({ name: "bike.png", size: PNG.length, mimeType: "image/png" }),
      ]);
      for (const [file, bytes] of [
        [stored.receipt![0]!, RECEIPT],
        [stored.snap![0]!, PNG],
      ] as const) {
        expect(file.url).toBe(`/api/forms/${form.id}/files/${file.id}`);
        const download = await fetch(`${run.app.url}${file.url}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(download.status).toBe(200);
        expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
        expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
        expect((await fetch(`${run.app.url}${file.url}`)).status).toBe(401);
      }
      expect(problems).toEqual([]);
      await context.close();

      // The owner sees the picture on the result's page and downloads the other file from there.
      const owner = await run.browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
      const ownerPage = await signedIn(owner);
      const ownerProblems = watchErrors(ownerPage);
      await ownerPage.goto(`${run.app.url}/forms/${form.id}/results/${results.answerList[0]!.id}`);
      const drawn = ownerPage.getByRole("img", { name: "bike.png" });
      await drawn.waitFor();
      await expect.poll(() => drawn.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(240);
      const [download] = await Promise.all([
        ownerPage.waitForEvent("download"),
        ownerPage.getByRole("button", { name: "Download receipt.csv" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("receipt.csv");
      const saved = path.join(mkdtempSync(path.join(tmpdir(), "formloom-download-")), "receipt.csv");
      await download.saveAs(saved);
      expect(readFileSync(saved).equals(RECEIPT)).toBe(true);
      expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(ownerPage, `upload-fields-result-${width}`);
      expect(ownerProblems).toEqual([]);
      await owner.close();
    });
  }

  it("does not send while a file is still uploading, says so, and sends it once it has arrived", async () => {
    const alias = "slow-upload";
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Slow upload",
      formPathAlias: alias,
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        { id: "snap", fieldType: "photo", question: "Photo of the bike" },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const release = await holdUploads(page);
    await page.goto(`${run.app.url}/f/${alias}?a=uploader`);
    await page.getByLabel("Your name").fill("Ann");
    await sendsOnceUploaded(page, release);
    expect((await call<{ total: number }>("GET", `/forms/${form.id}/answer/paginated/1/10`)).total).toBe(1);
    expect((await storedAnswers(call, form.id)).snap).toEqual([
      expect.objectContaining({ name: "bike.png", size: PNG.length }),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("still waits for a file on a later step when an earlier step's time has run out", async () => {
    const alias = "slow-upload-after-time-up";
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Timed step, then a photo",
      formPathAlias: alias,
      display: "stepByStep",
      fields: [
        { id: "clock", fieldType: "timer", title: "", fieldSettings: { seconds: 1 } },
        { id: "quick", fieldType: "text", question: "Capital of Peru" },
        { id: "next", fieldType: "pageBreak", title: "" },
        { id: "snap", fieldType: "photo", question: "Photo of the bike" },
      ].map((field, fieldOrder) => ({ ...field, fieldOrder })),
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const release = await holdUploads(page);
    await page.goto(`${run.app.url}/f/${alias}?a=uploader`);
    // The first step's second runs out and the form moves on by itself.
    await page.getByLabel("Photo of the bike").waitFor({ timeout: 5000 });
    await sendsOnceUploaded(page, release);
    expect((await storedAnswers(call, form.id)).snap).toEqual([
      expect.objectContaining({ name: "bike.png", size: PNG.length }),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says in the builder's preview that files are uploaded on the public page", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Preview",
      fields: FIELDS,
    });
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await signedIn(context);
    await page.goto(`${run.app.url}/forms/${form.id}/edit`);
    await page.getByText("Files can be uploaded on the form's public page").first().waitFor();
    expect(await page.getByTestId("preview-frame").getByLabel("Photo of the bike").isDisabled()).toBe(true);
    await context.close();
  });
});
