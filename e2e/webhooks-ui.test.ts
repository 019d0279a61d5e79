import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

/**
 * The receiver listens on 127.0.0.2, the one private address the app is told to allow; every
 * other private address stays refused, which the page must say under the endpoint input.
 */
const RECEIVER_HOST = "127.0.0.2";
const run = appAndBrowser({ WEBHOOK_ALLOW_HOSTS: RECEIVER_HOST, WEBHOOK_POLL_MS: "100" });

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;
let call: ApiCall;
let formId: number;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, RECEIVER_HOST, resolve));
  receiverUrl = `http://${RECEIVER_HOST}:${(receiver.address() as AddressInfo).port}/hook`;
  call = await accountOwner(run.app.url, "hookowner", "hookowner123");
  const made = await call<{ form: { id: number } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: "Course sign-up",
    formPathAlias: "course-sign-up",
    fields: [{ id: "name", fieldType: "text", question: "Your name", isRequired: true }],
  });
  formId = made.form.id;
});

afterAll(() => new Promise<void>((resolve) => receiver?.close(() => resolve())));

async function signIn(width: number): Promise<{ page: Page; problems: string[] }> {
  const context = await run.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("hookowner");
  await page.getByRole("textbox", { name: "Password" }).fill("hookowner123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  return { page, problems };
}

async function until<T>(read: () => T | Promise<T>, holds: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The Standard Webhooks signature the receiver checks, made with the secret the page showed. */
function signatureHolds(delivery: Received, secret: string): boolean {
  const id = String(delivery.headers["webhook-id"]);
  const timestamp = String(delivery.headers["webhook-timestamp"]);
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${delivery.body}`).digest("base64");
  return String(delivery.headers["webhook-signature"]).split(" ").includes(`v1,${expected}`);
}

describe("webhooks in the app", () => {
  let secret = "";
  let editUrl = "";

  it("adds a webhook from the form's tab, refusing a private address under the endpoint input", async () => {
    const { page, problems } = await signIn(1280);
    await page.goto(`${run.app.url}/forms/${formId}/overview`);
    await page.getByRole("tab", { name: "Webhooks" }).click();
    await page.waitForURL(/\/webhooks$/);
    await page.getByText("No webhooks yet.").waitFor();
    await page.getByRole("link", { name: "Add webhook" }).click();
    await page.waitForURL(/\/webhooks\/add$/);

    // Both required: the page says so before asking the server.
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("Please input the webhook's title").waitFor();
    await page.getByText("Please input the webhook's endpoint").waitFor();

    await page.getByRole("textbox", { name: "Title" }).fill("CRM");
    const endpoint = page.getByRole("textbox", { name: "Endpoint" });
    await endpoint.fill("http://10.0.0.5/hook");
    await page.getByRole("combobox", { name: "Authorization type" }).click();
    await page.getByRole("option", { name: "Bearer token" }).click();
    await page.getByLabel("Token").fill("crm-token-7");
    await page.getByRole("checkbox", { name: "Device" }).check();
    await page.getByRole("button", { name: "Create" }).click();
    const refusal = "Webhooks can only call public addresses, not this server or a private network";
    await page.getByText(refusal).waitFor();
    expect(await endpoint.getAttribute("aria-invalid")).toBe("true");
    // The message is the input's own description, so a screen reader reads it with the input.
    const describedBy = (await endpoint.getAttribute("aria-describedby")) ?? "";
    const described = await Promise.all(
      describedBy
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(described.join(" ")).toContain(refusal);
    await screenshot(page, "webhooks-refused-1280");

    await endpoint.fill(receiverUrl);
    await page.getByRole("button", { name: "Create" }).click();
    const shown = page.getByTestId("webhook-secret");
    await shown.waitFor();
    secret = (await shown.textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, "webhooks-secret-1280");
    await page.getByRole("button", { name: "Done" }).click();
    await page.waitForURL(/\/webhooks\/\d+\/edit$/);
    editUrl = page.url();
    await page.getByText("Nothing sent yet. Each submission of the form appears here.").waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows a submission's delivery in the log and sends it again on replay", async () => {
    // A respondent sends the form on its public page.
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const respondent = await context.newPage();
    await respondent.goto(`${run.app.url}/f/course-sign-up?a=hookowner`);
    await respondent.getByRole("textbox", { name: "Your name" }).fill("Ada");
    await respondent.getByRole("button", { name: "Send" }).click();
    await respondent.getByText("Thank you for submitting this form!").waitFor();
    await context.close();

    await until(
      () => received.length,
      (count) => count >= 1,
      "the delivery",
    );
    const first = received[0]!;
    expect(first.headers.authorization).toBe("Bearer crm-token-7");
    // What the webhook was told to send: the answers and the device, nothing else.
    const sent = JSON.parse(first.body) as { data: Record<string, unknown> };
    expect(sent.data.answers).toEqual([expect.objectContaining({ fieldId: "name", answer: "Ada" })]);
    expect(sent.data.device).toBeDefined();
    expect(sent.data.geo).toBeUndefined();
    expect(signatureHolds(first, secret)).toBe(true);

    const { page, problems } = await signIn(1280);
    await page.goto(editUrl);
    const row = page.getByTestId("delivery");
    await row.getByText("Delivered").waitFor();
    expect(await row.count()).toBe(1);
    await row.getByRole("cell", { name: "200", exact: true }).waitFor();
    await row.getByRole("button", { name: "Attempts: 1" }).click();
    await page
      .getByText(/200.*ms/)
      .first()
      .waitFor();
    await screenshot(page, "webhooks-log-1280");

    // The log names the submission by its number in the form, as the results table does.
    const numbered = await call<{ answerList: Array<{ id: number; number: number }> }>(
      "GET",
      `/forms/${formId}/answer/paginated/1/10`,
    );
    await row.getByRole("link", { name: `#${numbered.answerList[0]!.number}`, exact: true }).waitFor();

    // A test event goes out at once, signed, and the page says what the endpoint answered.
    const before = received.length;
    await page.getByRole("button", { name: "Send test event" }).click();
    await page.getByText(/^Test event delivered: HTTP 200/).waitFor();
    const probe = received[before]!;
    expect(JSON.parse(probe.body)).toMatchObject({
      type: "webhook.test",
      data: { form: { title: "Course sign-up" } },
    });
    expect(signatureHolds(probe, secret)).toBe(true);
    received.splice(before, 1);

    await row.getByRole("button", { name: "Replay" }).click();
    await page.getByText("Queued to send again").waitFor();
    await until(
      () => received.length,
      (count) => count >= 2,
      "the replayed delivery",
    );
    expect(signatureHolds(received[1]!, secret)).toBe(true);
    // The same event again: its id lets a receiver that already took it tell.
    expect(received[1]!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(JSON.parse(received[1]!.body).data).toEqual(JSON.parse(first.body).data);
    await page.reload();
    await page.getByTestId("delivery").getByRole("button", { name: "Attempts: 2" }).waitFor();
    expect(await page.getByTestId("delivery").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("rotates the signing secret, shown once", async () => {
    const { page, problems } = await signIn(1280);
    await page.goto(editUrl);
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Rotate" }).click();
    const shown = page.getByTestId("webhook-secret");
    await shown.waitFor();
    const rotated = (await shown.textContent()) ?? "";
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "hidden" });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("lists the account's webhooks and fits a phone", async () => {
    const { page, problems } = await signIn(390);
    await page.goto(`${run.app.url}/webhooks/all`);
    await page.getByRole("link", { name: "CRM" }).waitFor();
    await page.getByRole("link", { name: "Course sign-up" }).waitFor();
    await screenshot(page, "webhooks-all-390");
    // Switching it off from the list sticks.
    await page.getByRole("switch", { name: "Enabled: CRM" }).focus();
    await page.keyboard.press("Space");
    await expect
      .poll(
        async () =>
          (await call<{ webhooks: { enabled: boolean }[] }>("GET", "/webhooks/all")).webhooks[0]?.enabled,
      )
      .toBe(false);
    await page.goto(editUrl);
    await page.getByTestId("delivery").first().waitFor();
    await screenshot(page, "webhooks-log-390");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
