import { describe, expect, it } from "vitest";
import { mp4Video } from "./fill-helpers.ts";
import { accountOwner, appAndBrowser, createdForm, screenshot, signIn, watchErrors } from "./support.ts";

// A question's page of recordings fetches each recording only as its player comes into view, not
// the whole page at once; a recording whose address the app cannot read says so.

const run = appAndBrowser();
const OWNER = "recplayerowner";
const PASSWORD = "recplayerowner123";
const COUNT = 8;

/** Sends one submission answering the video question with an uploaded file, from its own address. */
async function submitted(formId: number, i: number): Promise<void> {
  const address = `198.51.100.${i + 1}`;
  const body = new FormData();
  body.append("formId", String(formId));
  body.append("fieldId", "intro");
  body.append("key", `player-filling-${i}`);
  body.append("file", new Blob([new Uint8Array(mp4Video())], { type: "video/mp4" }), `intro-${i}.mp4`);
  const upload = await fetch(`${run.app.url}/api/forms/upload_file`, {
    method: "POST",
    body,
    headers: { "x-forwarded-for": address },
  });
  expect(upload.status).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const sent = await fetch(`${run.app.url}/api/forms/answer`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ formId, answers: [{ fieldId: "intro", answer: [{ id }] }] }),
  });
  expect(sent.status, await sent.clone().text()).toBeLessThan(300);
}

describe("a question's recordings", () => {
  it("fetches a recording as its player comes into view, and says when one cannot be played", async () => {
    const call = await accountOwner(run.app.url, OWNER, PASSWORD);
    const form = await createdForm(call, {
      title: "Interviews",
      formPathAlias: "interviews",
      hasVideoAudioQuestions: true,
      fields: [{ id: "intro", fieldType: "video", question: "Introduce yourself", fieldOrder: 0 }],
    });
    for (let i = 0; i < COUNT; i++) await submitted(form.id, i);

    const context = await run.browser.newContext({
      viewport: { width: 1280, height: 600 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(`/api/forms/${form.id}/files/`)) fetched.push(request.url());
    });
    await signIn(page, run.app.url, OWNER, PASSWORD);
    await page.goto(`${run.app.url}/forms/${form.id}/results/1/video-questions/intro`);
    await expect.poll(() => page.getByRole("article").count(), { timeout: 15_000 }).toBe(COUNT);
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    // Only the players near the screen: not the page's every recording.
    const first = fetched.length;
    expect(first).toBeLessThan(COUNT);
    // Scrolled to the last, its recording is fetched and played; each one once.
    const last = page.getByRole("article").last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => fetched.length).toBeGreaterThan(first);
    await last.locator("video").waitFor();
    expect(new Set(fetched).size).toBe(fetched.length);
    expect(problems).toEqual([]);

    // An answer whose file lies at an address the app does not read from is said so, not loaded forever.
    await page.route(/\/api\/forms\/\d+\/video-questions\/intro\//, async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { answers: { file: { url: string } }[] };
      list.answers[0]!.file.url = "https://files.example.net/old-recording.webm";
      await route.fulfill({ response, json: list });
    });
    await page.reload();
    const unreadable = page.getByRole("alert").filter({ hasText: "This recording cannot be played here." });
    await unreadable.waitFor({ timeout: 15_000 });
    await screenshot(page, "recording-player-unreadable-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "recording-player-unreadable-390");
    await context.close();
  });
});
