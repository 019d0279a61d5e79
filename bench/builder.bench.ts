// npm run bench:builder — how the form builder keeps up with a large form: a 300-field form opened
// in the editor (Chromium, signed in), and a keystroke in a question's text until the live
// preview shows it. Beside it, in the same run, the same measures on a 10-field form: the baseline,
// and the ratio between the two. Time to open: from the navigation until the preview has drawn the
// last field. Keystroke to preview: from the key's keydown until the preview's text holds the
// character and the browser has painted that frame, taken by the first urgent task after the
// frame (scheduler.postTask, "user-blocking": it runs after the frame's paint and commit, and
// after the key's own remaining events, but before work the page put off until after the paint).
// Beside it, keystroke until idle: until the page has nothing left to run (an idle callback asked
// for in that frame), that is, also after the work put off. The medians of BENCH_KEYS (default 30) keystrokes after 5 not counted.
// The target is 16 ms (one frame at 60 Hz) for the large form. Builds the web app first when it
// is not built.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { startApp } from "../e2e/app-process.ts";

const KEYS = Number(process.env.BENCH_KEYS ?? 30);
const OPENS = Number(process.env.BENCH_OPENS ?? 3);
const WARMUP = 5;
const TARGET_MS = 16;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const root = path.resolve(import.meta.dirname, "..");
const USER = { username: "builderbench", password: "bench12345" };

function ensureBuilt() {
  if (existsSync(path.join(root, "apps/web/dist/index.html"))) return;
  console.log("Building the web app…");
  const result = spawnSync("npm", ["run", "build", "-w", "@formloom/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("the web app did not build");
}

async function call<T>(url: string, method: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A form of `count` fields of the usual kinds, in turn: short text, single choice, number, long text. */
function fieldsOf(count: number) {
  const kinds = ["text", "radio", "number", "textarea"] as const;
  return Array.from({ length: count }, (_, i) => {
    const fieldType = kinds[i % kinds.length]!;
    return {
      id: `q${i + 1}`,
      fieldType,
      question: `Question ${i + 1} of the bench form`,
      fieldLabel: "",
      fieldComment: "",
      ...(fieldType === "radio"
        ? {
            fieldSettings: {
              answerVariants: ["Yes", "No", "Maybe"].map((title, v) => ({
                id: `v${v}`,
                title,
                value: String(v),
              })),
            },
          }
        : {}),
    };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** From the navigation to the preview's last field, in the page's own clock. */
async function timeToOpen(page: Page, url: string, lastId: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    (id) => (document.querySelector(`[data-field-id="${id}"]`) ? performance.now() : false),
    lastId,
    { polling: "raf", timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

interface Keystroke {
  /** Keydown to the frame that shows the character in the preview, painted. */
  painted: number;
  /** Keydown to the page's first idle moment after that frame: the put-off work done too. */
  idle: number;
}

/** Keydown to the preview showing the new character, painted; and to the page's work done. */
async function keystrokes(page: Page, fieldId: string): Promise<Keystroke[]> {
  await page.locator(`[data-field-id="${fieldId}"]`).click({ timeout: 300_000 });
  const input = page.getByRole("textbox", { name: "Question", exact: true });
  await input.waitFor({ timeout: 300_000 });
  await input.click();
  await input.press("End");
  await page.evaluate((id) => {
    type Urgent = { postTask(task: () => void, options: { priority: string }): Promise<void> };
    const w = window as unknown as {
      benchDown: number;
      benchExpect: string;
      benchTimes: { painted: number; idle: number }[];
      scheduler?: Urgent;
    };
    w.benchTimes = [];
    document.addEventListener("keydown", () => (w.benchDown = performance.now()), true);
    // The watching costs the page as little as it can: only the preview is observed, and the field
    // is looked up again only when it was drawn anew, not among all the page's elements each time.
    const preview = document.querySelector('[data-testid="preview-frame"]') ?? document.body;
    let field: Element | null = null;
    new MutationObserver(() => {
      if (!field?.isConnected) field = preview.querySelector(`[data-field-id="${id}"]`);
      if (!w.benchExpect || !field?.textContent?.includes(w.benchExpect)) return;
      w.benchExpect = "";
      const down = w.benchDown;
      requestAnimationFrame(() => {
        let painted = Number.NaN;
        // The frame's paint follows this callback: an urgent task runs once it is done. (Inline:
        // a named function here would be compiled with a helper the page does not have.)
        if (w.scheduler)
          void w.scheduler.postTask(
            () => {
              painted = performance.now() - down;
            },
            { priority: "user-blocking" },
          );
        // Idle: nothing left to run, the work put off until after the paint done too.
        requestIdleCallback(() => {
          const idle = performance.now() - down;
          w.benchTimes.push({ painted: Number.isNaN(painted) ? idle : painted, idle });
        });
      });
    }).observe(preview, { subtree: true, childList: true, characterData: true });
  }, fieldId);
  let text = await input.inputValue();
  const times: Keystroke[] = [];
  for (let i = 0; i < WARMUP + KEYS; i++) {
    const char = "abcdefghijklmnopqrstuvwxyz"[i % 26]!;
    text += char;
    await page.evaluate((expect) => {
      (window as unknown as { benchExpect: string }).benchExpect = expect;
    }, text);
    await page.keyboard.press(char);
    const handle = await page.waitForFunction(
      (n) => {
        const t = (window as unknown as { benchTimes: Keystroke[] }).benchTimes;
        return t.length >= n ? t[n - 1] : false;
      },
      i + 1,
      { timeout: 300_000 },
    );
    if (i >= WARMUP) times.push((await handle.jsonValue()) as Keystroke);
    // Let the builder's undo history close the step, as between a person's keys.
    await page.waitForTimeout(60);
  }
  return times;
}

async function measure(browser: Browser, base: string, token: string, count: number) {
  const { form } = await call<{ form: { id: number } }>(
    `${base}/api/forms`,
    "POST",
    { title: `Bench form of ${count} fields`, isPublished: false, fields: fieldsOf(count) },
    token,
  );
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("Username or e-mail").fill(USER.username);
  await page.getByRole("textbox", { name: "Password" }).fill(USER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${base}/`);
  const url = `${base}/forms/${form.id}/edit`;
  const opens: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    opens.push(await timeToOpen(page, url, `q${count}`));
    console.log(`${count} fields: opened in ${opens.at(-1)!.toFixed(0)} ms`);
  }
  // A field in the middle: the preview above and below it is drawn too.
  const keys = await keystrokes(page, `q${Math.ceil(count / 2)}`);
  await context.close();
  const painted = keys.map((key) => key.painted);
  const result = {
    open: median(opens),
    key: median(painted),
    keyMax: Math.max(...painted),
    idle: median(keys.map((key) => key.idle)),
  };
  console.log(
    `${count} fields: keystroke to preview ${result.key.toFixed(1)} ms (median), slowest ${result.keyMax.toFixed(1)} ms, until idle ${result.idle.toFixed(1)} ms`,
  );
  return result;
}

ensureBuilt();
const app = await startApp();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  const { token } = await call<{ token: string }>(`${app.url}/api/register`, "POST", {
    ...USER,
    email: "builderbench@example.com",
    passwordConfirmation: USER.password,
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  });
  await call(
    `${app.url}/api/account/create`,
    "POST",
    { name: "Bench", subdomain: "builderbench", acceptDpa: true },
    token,
  );
  const small = await measure(browser, app.url, token, 10);
  const large = await measure(browser, app.url, token, 300);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nForm builder, medians (open: ${OPENS} loads; keystroke: ${KEYS} keys after ${WARMUP})`);
  console.log("| | 10 fields | 300 fields | ratio |");
  console.log("| --- | ---: | ---: | ---: |");
  console.log(
    `| time to open | ${ms(small.open)} | ${ms(large.open)} | ${(large.open / small.open).toFixed(2)} |`,
  );
  console.log(
    `| keystroke to preview | ${ms(small.key)} | ${ms(large.key)} | ${(large.key / small.key).toFixed(2)} |`,
  );
  console.log(`| slowest keystroke | ${ms(small.keyMax)} | ${ms(large.keyMax)} | |`);
  console.log(
    `| keystroke until idle | ${ms(small.idle)} | ${ms(large.idle)} | ${(large.idle / small.idle).toFixed(2)} |`,
  );
  console.log(
    large.key <= TARGET_MS
      ? `\nKeystroke to preview on 300 fields is within the ${TARGET_MS} ms target.`
      : `\nKeystroke to preview on 300 fields is over the ${TARGET_MS} ms target.`,
  );
} finally {
  await browser.close();
  await app.close();
}
