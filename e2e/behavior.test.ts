import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { isSubmission } from "./submissions.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

// Behind a proxy as in production, so a submission may come from a public address.
const run = appAndBrowser({ TRUST_PROXY: "true" });
let call: ApiCall;
const OWNER = "habitowner";
const PASSWORD = "habitowner123";

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, PASSWORD);
});

const fields = [
  { id: "name", fieldType: "text", question: "Your name", isRequired: true, fieldOrder: 0 },
  { id: "city", fieldType: "text", question: "Your city", fieldOrder: 1 },
];

async function createForm(alias: string, settings: Record<string, unknown>): Promise<number> {
  const form = await createdForm(call, {
    title: "Habits",
    formPathAlias: alias,
    fields,
    ...settings,
  });
  return form.id;
}

interface Batch {
  key: string;
  seq: number;
  behavioralConfirmOptions?: string[];
  events: Array<{ type: string; field?: string; count?: number; text?: string }>;
}

/** The behaviour batches the page posts, with the status the server answered each with. */
function loggerCalls(page: Page): Array<{ body: Batch; status: Promise<number> }> {
  const calls: Array<{ body: Batch; status: Promise<number> }> = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/forms/logger")) return;
    calls.push({
      body: request.postDataJSON() as Batch,
      status: request.response().then((response) => response?.status() ?? 0),
    });
  });
  return calls;
}

interface Stored {
  answers: Array<{ fieldId: string; answeringTime?: number }>;
  device: { width?: number; height?: number; language: string; platform: string };
}
const stored = async (formId: number) =>
  (await call<{ answerList: Stored[] }>("GET", `/forms/${formId}/answer/paginated/1/50`)).answerList;

describe("behaviour of a respondent", () => {
  it("is recorded after consent, sent in batches under the submission's key, with answering times", async () => {
    const formId = await createForm("habits-kept", {
      collectRealCharacters: false,
      behavioralConfirmPopup: {
        show: true,
        checkboxes: [{ id: "timing", label: "How long I take per question", checked: false }],
      },
    });
    const context = await run.browser.newContext({
      viewport: { width: 390, height: 800 },
      screen: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const batches = loggerCalls(page);
    const submissions: Array<{ key: string | undefined }> = [];
    page.on("request", (request) => {
      if (isSubmission(request)) submissions.push({ key: request.headers()["idempotency-key"] });
    });
    await page.goto(`${run.app.url}/f/habits-kept?a=${OWNER}`);
    const dialog = page.getByRole("dialog", { name: "Behavioral data collection confirmation" });
    await dialog.getByRole("checkbox", { name: "How long I take per question" }).check();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "detached" });

    const name = page.getByRole("textbox", { name: "Your name" });
    await name.click();
    await page.keyboard.type("Ann", { delay: 120 });
    // The respondent pauses before the next question: the pause is what the behaviour log records.
    await page.waitForTimeout(700);
    await page.getByRole("textbox", { name: "Your city" }).click();
    await page.keyboard.type("Rome", { delay: 60 });
    await screenshot(page, "behavior-filled-390");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);

    expect(batches.length).toBeGreaterThan(0);
    expect(await Promise.all(batches.map((batch) => batch.status))).toEqual(batches.map(() => 204));
    const events = batches.flatMap((batch) => batch.body.events);
    expect(events).toContainEqual(expect.objectContaining({ type: "focus", field: "name" }));
    expect(events).toContainEqual(expect.objectContaining({ type: "input", field: "name" }));
    expect(events).toContainEqual(expect.objectContaining({ type: "blur", field: "name" }));
    // The form does not collect real characters: only how many were typed.
    expect(JSON.stringify(events)).not.toContain("Ann");
    expect(
      events.filter((e) => e.type === "input" && e.field === "name").reduce((n, e) => n + (e.count ?? 0), 0),
    ).toBe(3);
    expect(new Set(batches.map((batch) => batch.body.key))).toEqual(new Set([submissions[0]?.key]));
    expect(batches[0]!.body.behavioralConfirmOptions).toEqual(["timing"]);

    const [answer] = await stored(formId);
    const nameTime = answer!.answers.find((a) => a.fieldId === "name")?.answeringTime;
    expect(nameTime).toBeGreaterThan(0.5);
    expect(answer!.device).toMatchObject({
      width: 390,
      height: 844,
      language: expect.stringMatching(/^[a-z]{2}/),
    });
    await context.close();
  });

  it("counts the question a respondent is in already when the recorder arrives late", async () => {
    // Nothing typed is kept, so the form asks nothing and records focus and timing from the start.
    await createForm("habits-late", { collectRealCharacters: false });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const batches = loggerCalls(page);
    // The recorder's script arrives only once the respondent has started typing.
    let release = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/behavior-[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`${run.app.url}/f/habits-late?a=${OWNER}`);
    await page.getByRole("textbox", { name: "Your name" }).click();
    await page.keyboard.type("Cy", { delay: 40 });
    const loaded = page.waitForResponse(/\/behavior-[^/]*\.js$/);
    release();
    await loaded;
    await page.keyboard.type("d", { delay: 40 });
    await page.getByRole("textbox", { name: "Your city" }).click();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    const events = batches.flatMap((batch) => batch.body.events);
    // Focused before the recorder started, the question still counts as entered, and left.
    const kinds = events.filter((e) => e.field === "name").map((e) => e.type);
    expect(kinds[0]).toBe("focus");
    expect(kinds.at(-1)).toBe("blur");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("is neither loaded nor sent for a form that does not collect it, nor when consent is cancelled", async () => {
    await createForm("habits-off", { collectBehaviorData: false });
    await createForm("habits-refused", {
      behavioralConfirmPopup: {
        show: true,
        checkboxes: [{ id: "clicks", label: "Where I click", checked: false }],
      },
    });
    for (const alias of ["habits-off", "habits-refused"]) {
      const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      const batches = loggerCalls(page);
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto(`${run.app.url}/f/${alias}?a=${OWNER}`);
      if (alias === "habits-refused") {
        const dialog = page.getByRole("dialog", { name: "Behavioral data collection confirmation" });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
      }
      await page.getByRole("textbox", { name: "Your name" }).fill("Bob");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await page.waitForURL(/thankyou/);
      expect(batches, alias).toEqual([]);
      if (alias === "habits-off") expect(scripts.some((url) => /behavior/.test(url))).toBe(false);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("shows the owner where a submission came from and on what screen", async () => {
    const formId = await createForm("habits-place", {});
    const sent = await fetch(`${run.app.url}/api/forms/answer`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "81.2.69.142" },
      body: JSON.stringify({
        formId,
        answers: [{ fieldId: "name", answer: "Ann from afar" }],
        device: { width: 390, height: 844, platform: "iPhone", language: "en-GB" },
      }),
    });
    expect(sent.status).toBe(201);
    for (const width of [1280, 390]) {
      const context = await run.browser.newContext({ viewport: { width, height: 860 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/login`);
      await page.getByLabel("Username or e-mail").fill(OWNER);
      await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${run.app.url}/`);
      await page.goto(`${run.app.url}/forms/${formId}/results`);
      await page.getByRole("table", { name: "Submissions" }).getByText("Ann from afar").click();
      const drawer = page.getByRole("dialog");
      await drawer.getByText("Location: St Albans, United Kingdom · Europe/London").waitFor();
      await drawer.getByText(/390×844/).waitFor();
      await screenshot(page, `behavior-place-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
