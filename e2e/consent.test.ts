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

// The consent pop-ups as a respondent meets them: what they choose is what gets sent, and a
// refusal the page cannot put under a question is said in words.

const run = appAndBrowser();
let call: ApiCall;
const OWNER = "consentowner";

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, "consentowner123");
});

const fields = [{ id: "name", fieldType: "text", question: "Your name", isRequired: true, fieldOrder: 0 }];
const CAPTURE = {
  isCaptureVideo: true,
  capturingConfirmPopup: {
    show: true,
    header: "Video data collection confirmation",
    checkboxes: [{ id: "camera", label: "Record me with my camera", checked: false }],
  },
};
const BEHAVIOUR = {
  collectBehaviorData: true,
  behavioralConfirmPopup: {
    show: true,
    header: "Behavioral data collection confirmation",
    checkboxes: [{ id: "timing", label: "How long I take per question", checked: false }],
  },
};

async function createForm(alias: string, settings: Record<string, unknown> = {}): Promise<number> {
  const form = await createdForm(call, {
    title: "Consent",
    formPathAlias: alias,
    fields,
    ...settings,
  });
  return form.id;
}

interface Stored {
  answers: Array<{ fieldId: string; answeringTime?: number }>;
  capturingConfirmOptions: string[] | null;
  behavioralConfirmOptions: string[] | null;
}
const stored = async (formId: number) =>
  (await call<{ answerList: Stored[] }>("GET", `/forms/${formId}/answer/paginated/1/50?sortBy=id&order=asc`))
    .answerList;

/** Every request the page sends to the server's API, in order, with the moment it was sent. */
function apiPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/"))
      posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

async function answerPopup(page: Page, name: string, option: string | null): Promise<void> {
  const dialog = page.getByRole("dialog", { name });
  if (option) await dialog.getByRole("checkbox", { name: option }).check();
  await dialog.getByRole("button", { name: option ? "Confirm" : "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("consent pop-ups of a form that captures video and collects behaviour", () => {
  it("submit once confirmed, also when capture was switched on after the form had been filled", async () => {
    const formId = await createForm("consent-late");
    // Filled once before capture was switched on: the server has read the form already.
    const early = await fetch(`${run.app.url}/api/forms/answer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ formId, answers: [{ fieldId: "name", answer: "Early" }] }),
    });
    expect(early.status).toBe(201);
    await call("PATCH", `/forms/${formId}`, { ...CAPTURE, ...BEHAVIOUR });

    const context = await run.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const posts = apiPosts(page);
    await page.goto(`${run.app.url}/f/consent-late?a=${OWNER}`);
    await page.getByRole("dialog", { name: "Video data collection confirmation" }).waitFor();
    // Nothing goes to the server before the respondent has chosen.
    await page
      .getByRole("textbox", { name: "Your name" })
      .fill("Ann", { force: true })
      .catch(() => {});
    expect(posts.filter((path) => path.endsWith("/logger") || path.endsWith("/answer"))).toEqual([]);
    await screenshot(page, "consent-popup-390");
    await answerPopup(page, "Video data collection confirmation", "Record me with my camera");
    await answerPopup(page, "Behavioral data collection confirmation", "How long I take per question");
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    const [, confirmed] = await stored(formId);
    expect(confirmed?.capturingConfirmOptions).toEqual(["camera"]);
    expect(confirmed?.behavioralConfirmOptions).toEqual(["timing"]);
    await context.close();
  });

  it("submit without any behaviour data once cancelled", async () => {
    const formId = await createForm("consent-cancel", { ...CAPTURE, ...BEHAVIOUR });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const posts = apiPosts(page);
    await page.goto(`${run.app.url}/f/consent-cancel?a=${OWNER}`);
    await answerPopup(page, "Video data collection confirmation", null);
    await answerPopup(page, "Behavioral data collection confirmation", null);
    const name = page.getByRole("textbox", { name: "Your name" });
    await name.click();
    await page.keyboard.type("Bob", { delay: 50 });
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    expect(posts.filter((path) => path.endsWith("/logger"))).toEqual([]);
    const [cancelled] = await stored(formId);
    expect(cancelled?.capturingConfirmOptions ?? []).toEqual([]);
    expect(cancelled?.behavioralConfirmOptions ?? []).toEqual([]);
    expect(cancelled?.answers.every((answer) => answer.answeringTime === undefined)).toBe(true);
    await context.close();
  });

  it("says in words why a consent the form no longer offers was refused", async () => {
    // Only the video pop-up is about this: nothing typed is kept, so behaviour asks nothing.
    const formId = await createForm("consent-changed", { ...CAPTURE, collectRealCharacters: false });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/f/consent-changed?a=${OWNER}`);
    await answerPopup(page, "Video data collection confirmation", "Record me with my camera");
    // The author changes the pop-up's options while the respondent fills the form.
    await call("PATCH", `/forms/${formId}`, {
      capturingConfirmPopup: {
        ...CAPTURE.capturingConfirmPopup,
        checkboxes: [{ id: "mic", label: "My microphone" }],
      },
    });
    await page.getByRole("textbox", { name: "Your name" }).fill("Cy");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const alert = page.locator(".fill-page > .fill-alert[role=alert]");
    await expect.poll(() => alert.textContent()).toContain("consent");
    expect(await page.getByText("Please correct the marked answers").count()).toBe(0);
    // Said above the form, where the respondent sees it.
    const top = await alert.boundingBox();
    const question = await page.getByRole("textbox", { name: "Your name" }).boundingBox();
    expect(top!.y).toBeLessThan(question!.y);
    await screenshot(page, "consent-refused-1280");
    expect(await stored(formId)).toEqual([]);
    await context.close();
  });
});
