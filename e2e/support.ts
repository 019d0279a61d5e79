import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Frame,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { copyPgliteTemplate } from "../apps/server/test/database-template.ts";
import { freePort, type RunningApp, startApp } from "./app-process.ts";
import { BROWSER_ARGS, TEST_BROWSER } from "./global-setup.ts";

const root = path.resolve(import.meta.dirname, "..");
export const SCREENSHOTS = path.join(root, ".test-output", "screenshots");
const SCREENSHOT_TIMES = path.join(root, ".test-output", "screenshot-times.tsv");

export { freePort, type RunningApp, startApp };

/**
 * This worker's Chromium, started by its first file and used by every later one. Playwright then
 * drives it from the test's own process: one Chromium for the whole run, reached over a socket
 * from every worker, had its messages (each page's every request and response, each screenshot)
 * encoded and decoded twice more, at about a second and a half of processor time per file.
 */
let workerBrowser: Promise<Browser> | undefined;

/**
 * Contexts a file closed, kept to be handed out again, by the options they were made with. A page
 * opened in a fresh context downloads and compiles every script again; in a kept one the scripts
 * come from its cache, which saves a fifth to a third of Chromium's work on a visit to the app.
 * Only a context nothing was added to is kept (see `handOut`), and it goes back emptied: its pages
 * closed, its cookies and permissions cleared, and every origin it visited wiped of what a page
 * stores (local storage, IndexedDB, service workers…). Its HTTP cache stays; that is the point.
 * `FRESH_CONTEXTS=true` turns the reuse off, to tell a test's failure from the reuse.
 */
const keptContexts = new Map<string, BrowserContext[]>();
const KEPT_PER_OPTIONS = 2;
const STORED_BY_PAGES =
  "local_storage,indexeddb,service_workers,cache_storage,file_systems,websql,shared_storage,storage_buckets";

/**
 * What a test may do with a context that can still be kept. Anything else it reaches (an init
 * script, a route, a listener, the clock, an emulated state…) would outlive the test in a kept
 * context, so that context is closed at the end instead. Only the context a test was handed is
 * watched: a page's `context()` is Playwright's own object, for cookies and closing alone (closed
 * that way, a context is not kept).
 */
const HARMLESS = new Set([
  "newPage",
  "pages",
  "cookies",
  "addCookies",
  "clearCookies",
  "clearPermissions",
  "storageState",
  "waitForEvent",
  "browser",
  "close",
]);

/**
 * Pages ask for reduced motion unless a test says otherwise (`WITH_MOTION`): the app then runs its
 * transitions in no time, as it does for people who ask for that, and Chromium has fewer frames to
 * draw (docs/test-timings.md, nineteenth round). The files that follow the app's moving parts (the
 * builder's menus and lists, the tours, the respondent's pages) keep the motion most people see.
 */
const STILL = { reducedMotion: "reduce" } as const;
export const WITH_MOTION = { reducedMotion: "no-preference" } as const;

/**
 * A context for the test, kept from an earlier test when its options allow, else new. Its
 * `close()` keeps it for a later test when nothing was added to it, and closes it otherwise.
 */
async function handOut(browser: Browser, asked: Parameters<Browser["newContext"]>[0] = {}) {
  const options = { ...STILL, ...asked };
  const reusable = process.env.FRESH_CONTEXTS !== "true" && options.storageState === undefined;
  const key = JSON.stringify(options);
  const context = (reusable && keptContexts.get(key)?.pop()) || (await browser.newContext(options));
  // The origins its documents were at, from their frames' navigations: only a document stores
  // anything. (Following every request instead had Playwright pass each one of them to this
  // process, about a third more of its processor time per visit to the app.)
  const visited = new Set<string>();
  const visit = (frame: Frame) => {
    const { origin } = new URL(frame.url());
    if (origin.startsWith("http")) visited.add(origin);
  };
  const visitShown = (page: Page) => {
    for (const frame of page.frames()) visit(frame);
  };
  const watch = (page: Page) => {
    visitShown(page); // a popup comes with its first document already there
    page.on("framenavigated", visit);
  };
  context.on("page", watch);
  let tainted = !reusable;

  async function keepOrClose() {
    context.off("page", watch);
    for (const page of context.pages()) visitShown(page);
    const kept = keptContexts.get(key) ?? [];
    if (tainted || kept.length >= KEPT_PER_OPTIONS || !browser.isConnected()) return context.close();
    try {
      await Promise.all(context.pages().map((page) => page.close()));
      await Promise.all([context.clearCookies(), context.clearPermissions()]);
      if (visited.size > 0) {
        const page = await context.newPage();
        const session = await context.newCDPSession(page);
        for (const origin of visited)
          await session.send("Storage.clearDataForOrigin", { origin, storageTypes: STORED_BY_PAGES });
        await page.close();
      }
      keptContexts.set(key, [...kept, context]);
    } catch {
      // Closed under it (a test closed it through one of its pages): nothing to keep.
      await context.close().catch(() => undefined);
    }
  }
  let closing: Promise<unknown> | undefined;
  const close = () => {
    closing ??= keepOrClose();
    return closing;
  };

  return new Proxy(context, {
    get(target, property, receiver) {
      if (property === "then") return undefined; // awaited, but not a promise
      if (property === "close") return close;
      if (typeof property === "string" && !HARMLESS.has(property)) tainted = true;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The worker's Chromium for one test file: the contexts the file opens are closed (or kept, see
 * `keptContexts`) with its `close()`, while the browser goes on serving the worker's next file.
 */
export async function connectBrowser(): Promise<Browser> {
  // A browser that crashed is started again rather than handed to every later file.
  let browser = await workerBrowser;
  if (!browser?.isConnected()) {
    keptContexts.clear();
    workerBrowser = chromium.launch({ executablePath: TEST_BROWSER, headless: true, args: BROWSER_ARGS });
    browser = await workerBrowser;
  }
  const opened = new Set<BrowserContext>();
  return new Proxy(browser, {
    get(target, property, receiver) {
      if (property === "newContext")
        return async (...options: Parameters<Browser["newContext"]>) => {
          const context = await handOut(target, ...options);
          opened.add(context);
          return context;
        };
      if (property === "newPage")
        return async (...options: Parameters<Browser["newPage"]>) => {
          const [asked] = options;
          const page = await target.newPage({ ...STILL, ...asked });
          opened.add(page.context());
          return page;
        };
      if (property === "close")
        return async () => {
          await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
        };
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A full-page picture (or, with `fullPage: false`, what the window shows) once the page's
 * transitions are over: the browser runs a dialog's or drawer's opening to its end before
 * drawing, so no test waits for one. Every picture of the run goes to .test-output/screenshots.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const started = performance.now();
  writeFileSync(path.join(SCREENSHOTS, `${name}.png`), await drawPage(page, fullPage));
  // What the pictures cost, for the run's timing report (scripts/test.mjs).
  appendFileSync(SCREENSHOT_TIMES, `${name}\t${Math.round(performance.now() - started)}\n`);
}

const drawingSessions = new WeakMap<Page, Promise<CDPSession>>();

/** What `drawPage` holds in the page while it draws, to give back afterwards. */
type HeldForPicture = { heldForPicture?: { style: HTMLStyleElement; endless: Animation[] } };

/**
 * The page as a PNG, drawn by Chromium with its fast PNG encoder: the same picture, pixel for
 * pixel, a fifth larger, in a quarter to two fifths of the processor time of `page.screenshot`, whose
 * encoder packs harder (docs/test-timings.md, nineteenth round). Around the drawing it does what
 * `page.screenshot({ animations: "disabled" })` does: finite animations and transitions run to
 * their end, endless ones stop and start again afterwards, the text caret is hidden, and the
 * drawing waits for the page's fonts.
 */
async function drawPage(page: Page, fullPage: boolean): Promise<Buffer> {
  let session = drawingSessions.get(page);
  if (!session) {
    // Through the page's own context: the context a test holds would not be kept for the next.
    session = page.context().newCDPSession(page);
    drawingSessions.set(page, session);
  }
  const area = await page.evaluate(async (whole) => {
    const held = window as unknown as HeldForPicture;
    const style = document.createElement("style");
    style.textContent = "*, *::before, *::after { caret-color: transparent !important; }";
    document.head.append(style);
    const endless: Animation[] = [];
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY) {
        animation.cancel();
        endless.push(animation);
      } else animation.finish();
    }
    held.heldForPicture = { style, endless };
    await document.fonts.ready;
    const root = document.documentElement;
    const body = document.body ?? root;
    const width = whole
      ? Math.max(
          body.scrollWidth,
          root.scrollWidth,
          body.offsetWidth,
          root.offsetWidth,
          body.clientWidth,
          root.clientWidth,
        )
      : window.innerWidth;
    const height = whole
      ? Math.max(
          body.scrollHeight,
          root.scrollHeight,
          body.offsetHeight,
          root.offsetHeight,
          body.clientHeight,
          root.clientHeight,
        )
      : window.innerHeight;
    return {
      x: whole ? 0 : window.scrollX,
      y: whole ? 0 : window.scrollY,
      width,
      height,
      beyondWindow: width > window.innerWidth || height > window.innerHeight,
      touch: navigator.maxTouchPoints > 0,
      screen: {
        width: screen.width,
        height: screen.height,
        pixelRatio: devicePixelRatio,
        angle: screen.orientation.angle,
        orientation: screen.orientation.type.replace(/-(\w)/, (_, letter: string) => letter.toUpperCase()),
      },
    };
  }, fullPage);
  try {
    const cdp = await session;
    const { x, y, width, height, beyondWindow, screen } = area;
    if (beyondWindow) {
      // Drawing past the window resizes the page for a moment, and Chromium then restores the
      // sizes this session set, not Playwright's: without the same sizes here, the page would
      // come back with Chromium's default screen (800 × 600). No test emulates a phone's browser
      // (`isMobile`), which would need its flag here too.
      const shown =
        page.viewportSize() ?? (await page.evaluate(() => ({ width: innerWidth, height: innerHeight })));
      await cdp.send("Emulation.setDeviceMetricsOverride", {
        mobile: false,
        width: shown.width,
        height: shown.height,
        screenWidth: screen.width,
        screenHeight: screen.height,
        deviceScaleFactor: screen.pixelRatio,
        screenOrientation: { angle: screen.angle, type: screen.orientation as "landscapePrimary" },
      });
    }
    const { data } = await cdp.send("Page.captureScreenshot", {
      format: "png",
      optimizeForSpeed: true,
      captureBeyondViewport: beyondWindow,
      clip: { x, y, width, height, scale: 1 },
    });
    // Drawing past the window turns Chromium's touch emulation off (Playwright turns it back on too).
    if (beyondWindow && area.touch) await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true });
    return Buffer.from(data, "base64");
  } finally {
    await page.evaluate(() => {
      const held = window as unknown as HeldForPicture;
      held.heldForPicture?.style.remove();
      for (const animation of held.heldForPicture?.endless ?? []) animation.play();
      delete held.heldForPicture;
    });
  }
}

/**
 * Narrows a signed-in page's window to a phone's (390 px) and waits until the app has closed its
 * menu, an overlay on a phone: until the page has seen the narrower window, the menu open on the
 * desktop covers the page, and a click could land on it.
 */
export async function narrowToPhone(page: Page, height = 844): Promise<void> {
  await page.setViewportSize({ width: 390, height });
  await page.getByRole("button", { name: "Open the menu" }).waitFor();
}

/**
 * Picks up the focused item of a sortable list with the keyboard (Space), and waits until the drag
 * library listens for the arrow keys. It starts listening from the page's next task, and the
 * browser runs key presses ahead of such tasks: an arrow key sent the moment the pick-up is
 * announced could come before it listens and move nothing. A person's next key comes long after.
 */
export async function pickUpByKeyboard(page: Page): Promise<void> {
  await page.keyboard.press("Space");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/** Reports what the browser's console and network say went wrong, so a failure explains itself. */
export function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  return problems;
}

/**
 * This worker's app for the files that start it with the default settings: started by the first
 * such file and serving every later one the worker runs, one file at a time. A server's start costs
 * about three seconds of processor time, and a run has dozens of such files. They share it as
 * tenants share a deployment: each file signs up accounts of its own, under usernames no other file
 * uses, and changes nothing outside them. A file that needs settings of its own, the demo data, or
 * a database nobody else wrote to passes `env` (or `{ own: true }`) and gets a server of its own.
 *
 * The run's setup stops these servers at its end (global-setup.ts), and the worker, if it ends
 * first, stops its own.
 */
let sharedApp: Promise<RunningApp> | undefined;

function workerApp(): Promise<RunningApp> {
  sharedApp ??= (async () => {
    const servers = inject("sharedServersDir");
    const dataDir = path.join(servers, `worker-${process.pid}`);
    mkdirSync(dataDir, { recursive: true });
    copyPgliteTemplate(dataDir);
    const app = await startApp({ DATA_DIR: dataDir });
    writeFileSync(path.join(servers, `${process.pid}.pid`), String(app.pid));
    process.once("exit", () => {
      try {
        process.kill(app.pid);
      } catch {
        // Already stopped.
      }
    });
    return app;
  })();
  return sharedApp;
}

/**
 * The app and a connection to the shared browser for one test file: this worker's app (see
 * workerApp) unless `env` sets something or `own` asks for one, then the file's own, closed after
 * it. The getters read what beforeAll set.
 */
export function appAndBrowser(env: Record<string, string> = {}, { own = false } = {}) {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const shared = !own && Object.keys(env).length === 0;
  beforeAll(async () => {
    [app, browser] = await Promise.all([shared ? workerApp() : startApp(env), connectBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    if (!shared) await app?.close();
  });
  return {
    get app(): RunningApp {
      if (!app) throw new Error("the app is not started yet");
      return app;
    },
    get browser(): Browser {
      if (!browser) throw new Error("the browser is not connected yet");
      return browser;
    },
  };
}

/** Signs in on the sign-in page and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Username or e-mail").fill(username);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** Signs in as the seeded demo user. */
export const signInAsDemo = (page: Page, baseUrl: string) => signIn(page, baseUrl, "demo", "demo12345");

/**
 * Registers over the API and signs in with the password chosen: registration itself answers only
 * "check your inbox", for a new address as for a registered one. The address stays unconfirmed.
 */
export async function registerByApi(
  baseUrl: string,
  user: { username: string; email: string; password: string },
): Promise<{ token: string; refresh_token: string }> {
  const post = (url: string, body: unknown) =>
    fetch(`${baseUrl}/api${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const registered = await post("/register", {
    ...user,
    passwordConfirmation: user.password,
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  });
  if (registered.status !== 202) throw new Error(`register failed: ${await registered.text()}`);
  const login = await post("/login", { username: user.username, password: user.password });
  if (login.status !== 200) throw new Error(`login failed: ${await login.text()}`);
  return (await login.json()) as { token: string; refresh_token: string };
}

/**
 * Registers on the registration page as a person would: "check your inbox", then signs in with
 * the password from there, and goes on to create an account. Ends on the account creation page.
 */
export async function registerInBrowser(
  page: Page,
  baseUrl: string,
  user: { username: string; email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/registration/create`);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
  await page.getByRole("textbox", { name: "Confirm password" }).fill(user.password);
  await page.getByRole("checkbox", { name: "I accept the terms and conditions" }).check();
  await page.getByRole("checkbox", { name: "I accept the privacy policy" }).check();
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await page.getByLabel("Username or e-mail").fill(user.username);
  await page.getByRole("textbox", { name: "Password" }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signed in without an account yet, the welcome offers to create one.
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole("main").getByRole("link", { name: "Create account" }).click();
  await page.waitForURL("**/user/create_account");
}

/** Calls the API as the account owner `accountOwner` made; answers are parsed JSON. */
export type ApiCall = <T = unknown>(method: string, url: string, body?: unknown) => Promise<T>;

/**
 * Registers `username` (its e-mail at example.com), creates an account with the subdomain
 * `username`, and returns calls made as that owner: the setup of tests that build forms to fill.
 */
export async function accountOwner(baseUrl: string, username: string, password: string): Promise<ApiCall> {
  let token: string | undefined;
  const call: ApiCall = async <T>(method: string, url: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as T;
  };
  ({ token } = await registerByApi(baseUrl, { username, email: `${username}@example.com`, password }));
  const name = `${username[0]!.toUpperCase()}${username.slice(1)}`;
  await call("POST", "/account/create", { name, subdomain: username, acceptDpa: true });
  return call;
}

/** Creates a form as the owner `call` speaks for, or fails the test with the server's answer. */
export async function createdForm(
  call: ApiCall,
  body: Record<string, unknown>,
): Promise<{ id: number; formPathAlias: string }> {
  const created = await call<{ form?: { id: number; formPathAlias: string } }>("POST", "/forms", body);
  if (!created.form) throw new Error(`form not created: ${JSON.stringify(created)}`);
  return created.form;
}
