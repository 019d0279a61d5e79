import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { sentSubmissions } from "./submissions.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;
const OWNER = "gateowner";
const PASSWORD = "gateowner123";

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, PASSWORD);
});

const nameQuestion = {
  id: "name",
  fieldType: "text",
  question: "Your name",
  isRequired: true,
  fieldOrder: 0,
};

async function createForm(settings: Record<string, unknown>): Promise<number> {
  const form = await createdForm(call, {
    collectRealCharacters: false,
    fields: [nameQuestion],
    ...settings,
  });
  return form.id;
}

type Stored = {
  username: string | null;
  answers: Array<{ fieldId: string; answer: unknown }>;
  behavioralConfirmOptions?: string[] | null;
};
const stored = async (formId: number) =>
  (await call<{ answerList: Stored[] }>("GET", `/forms/${formId}/answer/paginated/1/50`)).answerList;

const formAt = (alias: string) => `${run.app.url}/f/${alias}?a=${OWNER}`;
const send = (page: Page) => page.getByRole("button", { name: "Send", exact: true }).click();

/**
 * Takes the browser off the network and waits until the page knows. The page hears of it a moment
 * after the browser: a Send in between still posts the answers, and the outage then cuts off only
 * the reply, so the server keeps answers the page goes on to hold as unsent.
 */
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

async function opened(width: number): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await run.browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  return { context, page, problems: watchErrors(page) };
}

describe("a form limited to the account's users", () => {
  it("turns a visitor away with a sign-in that brings them back to the form, which they then send", async () => {
    const formId = await createForm({
      title: "Members only",
      formPathAlias: "members-only",
      hasAnonymousFilling: "registered",
    });
    for (const width of [1280, 390]) {
      const { context, page } = await opened(width);
      await page.goto(formAt("members-only"));
      await page.getByText("Access denied: please sign in").waitFor();
      expect(await page.getByRole("textbox", { name: "Your name" }).count()).toBe(0);
      await screenshot(page, `restricted-denied-${width}`);
      await context.close();
    }

    const { context, page, problems } = await opened(1280);
    await page.goto(formAt("members-only"));
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel("Username or e-mail").fill(OWNER);
    await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/f/members-only");
    await page.getByRole("textbox", { name: "Your name" }).fill("A member");
    await send(page);
    await page.waitForURL(/thankyou/);
    const [answer] = await stored(formId);
    expect(answer?.answers).toEqual([expect.objectContaining({ fieldId: "name", answer: "A member" })]);
    expect(answer?.username).toBe(OWNER);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a restricted form opened by its short link", () => {
  it("brings the visitor back to that link after signing in, with and without the page's script", async () => {
    await createForm({
      title: "Short members",
      formPathAlias: "short-members",
      hasAnonymousFilling: "registered",
    });
    for (const javaScriptEnabled of [true, false]) {
      const context = await run.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${run.app.url}/f/short-members`);
      const signIn = page.getByRole("link", { name: "Sign in" });
      const href = new URL((await signIn.getAttribute("href")) ?? "", run.app.url);
      expect(href.pathname).toBe("/login");
      expect(href.searchParams.get("redirect"), `script ${javaScriptEnabled}`).toBe("/f/short-members");
      await context.close();
    }
  });
});

describe("errors under the questions", () => {
  it("go as each answer is put right, and never come back under one already mended", async () => {
    await createForm({
      title: "Mended errors",
      formPathAlias: "mended-errors",
      fields: [
        nameQuestion,
        { id: "mail", fieldType: "email", question: "Your e-mail", isRequired: true, fieldOrder: 1 },
        { id: "nps", fieldType: "nps", question: "Would you recommend us?", isRequired: true, fieldOrder: 2 },
      ],
    });
    const { context, page, problems } = await opened(1280);
    await page.goto(formAt("mended-errors"));
    const mail = page.getByRole("textbox", { name: "Your e-mail" });
    await mail.pressSequentially("bad");
    await send(page);
    const errors = page.locator(".fl-error");
    await expect.poll(() => errors.count()).toBe(3);

    await page.getByRole("textbox", { name: "Your name" }).pressSequentially("Ann");
    await expect.poll(() => errors.count()).toBe(2);
    await mail.fill("");
    await mail.pressSequentially("ann@example.com");
    await expect.poll(() => errors.allTextContents()).toEqual([expect.stringMatching(/./)]);
    await page.locator('input[type=radio][value="9"]').check({ force: true });
    await expect.poll(() => errors.count()).toBe(0);
    expect(await page.locator(".fl-summary").count()).toBe(0);
    await send(page);
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("an answer past a question's limit", () => {
  it("is told the limit, in the form's language, with and without the page's script", async () => {
    const limited = (title: string, language: string) => ({
      title,
      language,
      fields: [
        {
          id: "guests",
          fieldType: "number",
          question: "Guests",
          fieldOrder: 0,
          validationSettings: { min: 1, max: 10.5 },
        },
        {
          id: "story",
          fieldType: "textarea",
          question: "Your story",
          fieldOrder: 1,
          validationSettings: { minLength: 20 },
        },
      ],
    });
    await createForm({ ...limited("Limits", "en"), formPathAlias: "limits-en" });
    await createForm({ ...limited("Límites", "es"), formPathAlias: "limits-es" });
    const expected = {
      en: [
        "The number is outside the allowed range: from 1 to 10.5",
        "The answer is too short: at least 20 characters",
      ],
      es: ["de 1 a 10,5", "como mínimo 20 caracteres"],
    };
    for (const javaScriptEnabled of [true, false]) {
      for (const language of ["en", "es"] as const) {
        const context = await run.browser.newContext({
          javaScriptEnabled,
          viewport: { width: 390, height: 800 },
        });
        const page = await context.newPage();
        await page.goto(formAt(`limits-${language}`));
        await page.locator("input[name=guests], #guests, [data-field-id=guests] input").first().fill("12");
        await page.locator("[data-field-id=story] textarea").fill("Too short");
        await page.locator("button[type=submit]").first().click();
        const errors = page.locator(".fl-error");
        await expect.poll(() => errors.count()).toBe(2);
        const texts = await errors.allTextContents();
        expect(texts).toEqual(expected[language].map((text) => expect.stringContaining(text)));
        if (language === "es" && !javaScriptEnabled) await screenshot(page, "limits-es-390");
        await context.close();
      }
    }
  });
});

describe("a ranking left as it was shown", () => {
  it("is no answer when the question is optional, and the order shown when it is required", async () => {
    const ranking = (isRequired: boolean) => ({
      id: isRequired ? "must" : "may",
      fieldType: "sortable",
      question: isRequired ? "Rank these" : "Rank those if you like",
      isRequired,
      fieldOrder: isRequired ? 2 : 1,
      fieldSettings: {
        answerVariants: [
          { id: "k1", title: "Sun" },
          { id: "k2", title: "Rain" },
          { id: "k3", title: "Snow" },
        ],
      },
    });
    const formId = await createForm({
      title: "Weather",
      formPathAlias: "weather",
      fields: [nameQuestion, ranking(false), ranking(true)],
    });
    const { context, page, problems } = await opened(390);
    await page.goto(formAt("weather"));
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await send(page);
    await page.waitForURL(/thankyou/);
    const [row] = await stored(formId);
    const answered = Object.fromEntries((row?.answers ?? []).map((a) => [a.fieldId, a.answer]));
    expect(answered.may).toBeUndefined();
    expect([...(answered.must as string[])].sort()).toEqual(["k1", "k2", "k3"]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a multiple choice with a most to choose", () => {
  it("holds the other options back once the most are chosen, and gives them back when one is let go", async () => {
    await createForm({
      title: "Pick two",
      formPathAlias: "pick-two",
      fields: [
        {
          id: "toppings",
          fieldType: "multipleChoice",
          question: "Two toppings",
          fieldOrder: 0,
          fieldSettings: {
            maxChoices: 2,
            answerVariants: [
              { id: "cheese", title: "Cheese" },
              { id: "ham", title: "Ham" },
              { id: "olives", title: "Olives" },
            ],
          },
        },
      ],
    });
    const { context, page, problems } = await opened(390);
    await page.goto(formAt("pick-two"));
    const option = (name: string) => page.getByRole("checkbox", { name });
    await option("Cheese").check();
    await option("Ham").check();
    await expect.poll(() => option("Olives").isDisabled()).toBe(true);
    await option("Ham").uncheck();
    await expect.poll(() => option("Olives").isDisabled()).toBe(false);
    await option("Olives").check();
    await send(page);
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the time between submissions", () => {
  it("is told as the form opens again, before anything is filled", async () => {
    await createForm({ title: "Once an hour", formPathAlias: "once-an-hour", nextSubmissionTime: "1h" });
    const { context, page, problems } = await opened(1280);
    await page.goto(formAt("once-an-hour"));
    const wait = page.getByRole("status").filter({ hasText: "You can submit it again after" });
    await page.getByRole("textbox", { name: "Your name" }).fill("First time");
    expect(await wait.count()).toBe(0);
    await send(page);
    await page.waitForURL(/thankyou/);

    await page.goto(formAt("once-an-hour"));
    await wait.waitFor();
    await expect(wait.textContent()).resolves.toContain(
      "You can not submit this form twice in such short time. Please wait!",
    );
    expect(await page.getByRole("textbox", { name: "Your name" }).inputValue()).toBe("");
    await screenshot(page, "interval-told-1280");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("sending without a connection", () => {
  it("keeps the answers, restores them on coming back, and sends them once when online", async () => {
    const formId = await createForm({ title: "Field notes", formPathAlias: "field-notes" });
    const { context, page, problems } = await opened(1280);
    const sent = sentSubmissions(page);
    await page.goto(formAt("field-notes"));
    await page.getByRole("textbox", { name: "Your name" }).fill("Written offline");
    await goOffline(context, page);
    await send(page);
    await page.getByText("No internet connection").waitFor();
    await page.getByText("Your answers are kept on this device").waitFor();
    expect(sent).toHaveLength(0);
    await page.close();

    // Opened again: the answers are there, and said to be unsent.
    await context.setOffline(false);
    const again = await context.newPage();
    const resent = sentSubmissions(again);
    await again.goto(formAt("field-notes"));
    await again.getByText("Your answers from an earlier visit were restored").waitFor();
    const name = again.getByRole("textbox", { name: "Your name" });
    await expect.poll(() => name.inputValue()).toBe("Written offline");
    await screenshot(again, "offline-draft-restored-1280");

    // Blocked once more, then sent by itself when the connection is back.
    await goOffline(context, again);
    await send(again);
    await again.getByText("No internet connection").waitFor();
    await context.setOffline(false);
    await again.waitForURL(/thankyou/);
    expect(resent).toHaveLength(1);
    const answers = await stored(formId);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.answers).toEqual([expect.objectContaining({ answer: "Written offline" })]);
    expect(await again.evaluate((id) => localStorage.getItem(`formloom.draft.${id}`), formId)).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a kept draft", () => {
  it("can be discarded: the form starts empty and nothing stays on the device", async () => {
    const formId = await createForm({ title: "Second thoughts", formPathAlias: "second-thoughts" });
    const offline = await opened(390);
    await offline.page.goto(formAt("second-thoughts"));
    await offline.page.getByRole("textbox", { name: "Your name" }).fill("Not sure");
    // Closing a context that is offline lifts the outage first, now and then while its page
    // still listens: the page hears "online" and sends the answers (seen in about a third of
    // closes). This device never reaches the server again, so nothing it sends is stored.
    await offline.context.route(
      (url) => url.pathname === "/api/forms/answer",
      (route) => route.abort("internetdisconnected"),
    );
    await goOffline(offline.context, offline.page);
    await send(offline.page);
    await offline.page.getByText("Your answers are kept on this device").waitFor();
    // Back on the device later, with what it keeps, in a browser context of its own.
    const storageState = await offline.context.storageState();
    await offline.context.close();
    const context = await run.browser.newContext({ viewport: { width: 390, height: 800 }, storageState });
    const again = await context.newPage();
    await again.goto(formAt("second-thoughts"));
    await again.getByText("Your answers from an earlier visit were restored").waitFor();
    await screenshot(again, "offline-draft-restored-390");
    await again.getByRole("button", { name: "Discard them" }).click();
    await expect.poll(() => again.getByRole("textbox", { name: "Your name" }).inputValue()).toBe("");
    expect(await again.getByText("Your answers from an earlier visit were restored").count()).toBe(0);
    expect(await again.evaluate((id) => localStorage.getItem(`formloom.draft.${id}`), formId)).toBeNull();
    expect(await stored(formId)).toHaveLength(0);
    await context.close();
  });
});

describe("the consent pop-up", () => {
  it("asks as the form opens, wants one option or Cancel, and the choice is stored", async () => {
    const formId = await createForm({
      title: "Habits",
      formPathAlias: "habits",
      behavioralConfirmPopup: {
        show: true,
        checkboxes: [
          { id: "clicks", label: "Where I click", checked: false },
          { id: "timing", label: "How long I take per question", checked: false },
        ],
      },
    });
    for (const width of [1280, 390]) {
      const { context, page, problems } = await opened(width);
      await page.goto(formAt("habits"));
      const dialog = page.getByRole("dialog", { name: "Behavioral data collection confirmation" });
      await dialog.waitFor();
      await screenshot(page, `consent-popup-${width}`);
      expect(await axeViolations(page, "dialog")).toEqual([]);
      // Focus stays inside the pop-up.
      for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await dialog.getByText("Tick at least one option, or choose Cancel").waitFor();
      await screenshot(page, `consent-popup-error-${width}`);
      if (width === 1280) {
        await dialog.getByRole("checkbox", { name: "How long I take per question" }).check();
        await dialog.getByRole("button", { name: "Confirm" }).click();
      } else {
        await page.keyboard.press("Escape");
      }
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("textbox", { name: "Your name" }).fill(`At ${width}`);
      await send(page);
      await page.waitForURL(/thankyou/);
      expect(problems).toEqual([]);
      await context.close();
    }
    const choices = Object.fromEntries(
      (await stored(formId)).map((answer) => [answer.answers[0]?.answer, answer.behavioralConfirmOptions]),
    );
    // Escape is Cancel: no consent.
    expect(choices).toEqual({ "At 1280": ["timing"], "At 390": [] });
  });
});

describe("leaving the form", () => {
  for (const width of [1280, 390]) {
    it(`warns, counts, and sends the form as it is once the allowed amount is passed at ${width} px`, async () => {
      const formId = await createForm({
        title: "Stay with us",
        formPathAlias: `stay-with-us-${width}`,
        fields: [
          nameQuestion,
          { id: "city", fieldType: "text", question: "Your city", isRequired: true, fieldOrder: 1 },
        ],
        cursorOutActions: { countCases: true, showWarningPopup: true, allowAmount: 1, sendForm: true },
      });
      const { context, page, problems } = await opened(width);
      const sent = sentSubmissions(page);
      await page.goto(formAt(`stay-with-us-${width}`));
      await page.getByRole("textbox", { name: "Your name" }).fill("Restless");
      const leave = () =>
        page.evaluate(() => document.documentElement.dispatchEvent(new MouseEvent("mouseleave")));
      const back = () =>
        page.evaluate(() => document.documentElement.dispatchEvent(new MouseEvent("mouseenter")));
      await leave();
      const warning = page.getByRole("dialog", { name: "You left the form" });
      await warning.getByText("Leaving the form is counted: 1 of 1 times allowed.").waitFor();
      await warning.getByText("If you leave it again, the form is sent").waitFor();
      await screenshot(page, `cursor-out-warning-${width}`);
      await back();
      await warning.getByRole("button", { name: "Back to the form" }).click();
      await leave();
      await page.waitForURL(/thankyou/);
      expect(sent).toEqual([expect.objectContaining({ cursorOutCases: 2, sentOnCursorOut: true })]);
      const [answer] = await stored(formId);
      expect(answer?.answers).toEqual([expect.objectContaining({ fieldId: "name", answer: "Restless" })]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
