// npm run bench:public-form — what a respondent's browser loads and how soon it can answer: the
// public page of the typical 10-question form (bench/typical-form.ts) side by side with a plain
// HTML form of the same questions served by the same server. For each page, in Chromium with a
// cold cache: gzipped JavaScript, CSS and HTML, first contentful paint, and the time it accepts
// input (the public page: when its script has taken the server's page over; the plain form: when
// its HTML is parsed). Measured as is and on a throttled phone (4× slower CPU, 1.6 Mbit/s, 150 ms
// round trip); the median of BENCH_RUNS (default 5) loads. Builds the web app first when it is not
// built. Beside them, the same form styled (a theme with a served font, colours, a gradient and a
// custom style sheet) against it unstyled, loaded in turn in the same run: its first paint must stay
// within 1.2× of the unstyled page's. Exits non-zero when the public page's JavaScript exceeds the
// 80 KB budget or the styled page's first paint exceeds 1.2× the unstyled one's.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { startApp } from "../e2e/app-process.ts";
import { PUBLIC_JS_BUDGET_BYTES, TYPICAL_FIELDS } from "./typical-form.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const root = path.resolve(import.meta.dirname, "..");
const webDist = path.join(root, "apps/web/dist");
const PLAIN_PAGE = "bench-plain-form.html";

interface Profile {
  name: string;
  cpu: number;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const PROFILES: Profile[] = [
  { name: "as is", cpu: 1 },
  {
    name: "slow phone",
    cpu: 4,
    network: {
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
  },
];

interface Load {
  js: number;
  css: number;
  html: number;
  fcp: number;
  interactive: number;
}

function ensureBuilt() {
  const built = ["dist/index.html", "dist/fill.html", "dist-ssr/entry-server.js"].every((file) =>
    existsSync(path.join(root, "apps/web", file)),
  );
  if (built) return;
  console.log("Building the web app…");
  const result = spawnSync("npm", ["run", "build", "-w", "@formloom/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("the web app did not build");
}

async function call<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The styled twin of the typical form: a theme at each level, with a font the app serves. */
const STYLED = {
  formStyling: {
    background: "#fbf8f1",
    pageBackground: "linear-gradient(135deg, #efe9dd, #f8f1e3)",
    fontFamily: "Lora",
    titleColor: "#6d1a2a",
    buttonColor: "#8c1d35",
    buttonRadius: 20,
  },
  fieldsGeneralStyling: { fontFamily: "Lora", radius: 10, borderColor: "#d8cfc0", questionColor: "#2a2320" },
  fieldsTypesStyling: { email: { background: "#fff4e6" } },
  customCss: ".fl-title { letter-spacing: 0.02em }\n.fl-submit:hover { border-radius: 24px }",
};

/** An account with the typical form published at /f/typical?a=bench, and its styled twin. */
async function createTypicalForm(url: string): Promise<{ unstyled: string; styled: string }> {
  // Registering answers 202 and sends the confirmation; signing in gives the token.
  await call(`${url}/api/register`, {
    username: "bench",
    email: "bench@example.com",
    password: "bench12345",
    passwordConfirmation: "bench12345",
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  });
  const { token } = await call<{ token: string }>(`${url}/api/login`, {
    username: "bench",
    password: "bench12345",
  });
  await call(`${url}/api/account/create`, { name: "Bench", subdomain: "bench", acceptDpa: true }, token);
  await call(
    `${url}/api/forms`,
    {
      title: "Visit feedback",
      description: "Tell us how the visit went.",
      formPathAlias: "typical",
      fields: TYPICAL_FIELDS,
    },
    token,
  );
  await call(
    `${url}/api/forms`,
    {
      title: "Visit feedback",
      description: "Tell us how the visit went.",
      formPathAlias: "typical-styled",
      fields: TYPICAL_FIELDS,
      ...STYLED,
    },
    token,
  );
  return { unstyled: `${url}/f/typical?a=bench`, styled: `${url}/f/typical-styled?a=bench` };
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The same questions as a plain HTML form: no script, no style sheet, the browser's own controls. */
function plainForm(): string {
  const control = (field: (typeof TYPICAL_FIELDS)[number]): string => {
    const name = field.id;
    const options = (field.fieldSettings as { answerVariants?: { id: string; title: string }[] } | undefined)
      ?.answerVariants;
    const label = `<label for="${name}">${escapeHtml(field.question)}</label>`;
    switch (field.fieldType) {
      case "email":
        return `${label}<input id="${name}" name="${name}" type="email" required>`;
      case "number":
        return `${label}<input id="${name}" name="${name}" type="number" min="0" max="130">`;
      case "dateTime":
        return `${label}<input id="${name}" name="${name}" type="date">`;
      case "textarea":
        return `${label}<textarea id="${name}" name="${name}"></textarea>`;
      case "select":
        return `${label}<select id="${name}" name="${name}"><option value=""></option>${(options ?? []).map((o) => `<option value="${o.id}">${escapeHtml(o.title)}</option>`).join("")}</select>`;
      case "radio":
      case "checkbox": {
        const type = field.fieldType;
        return `<fieldset><legend>${escapeHtml(field.question)}</legend>${(options ?? []).map((o) => `<label><input type="${type}" name="${name}" value="${o.id}"> ${escapeHtml(o.title)}</label>`).join("")}</fieldset>`;
      }
      case "nps":
      case "rate": {
        const values = field.fieldType === "nps" ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [1, 2, 3, 4, 5];
        return `<fieldset><legend>${escapeHtml(field.question)}</legend>${values.map((v) => `<label><input type="radio" name="${name}" value="${v}"> ${v}</label>`).join("")}</fieldset>`;
      }
      default:
        return `${label}<input id="${name}" name="${name}"${field.isRequired ? " required" : ""}>`;
    }
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Visit feedback</title></head><body><main><h1>Visit feedback</h1><p>Tell us how the visit went.</p>
<form method="post" action="#">${TYPICAL_FIELDS.map((field) => `<p>${control(field)}</p>`).join("\n")}
<button type="submit">Send</button></form></main></body></html>
`;
}

async function load(browser: Browser, url: string, profile: Profile): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpu });
  if (profile.network) {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
  }
  const bodies: Promise<{ type: string; size: number }>[] = [];
  const failed: string[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (!["script", "stylesheet", "document"].includes(type)) return;
    if (!response.ok()) failed.push(`${response.status()} ${response.url()}`);
    bodies.push(
      response
        .body()
        .then((body) => ({ type, size: gzipSync(body, { level: 9 }).length }))
        .catch(() => ({ type, size: 0 })),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate(async () => {
    // The paint entry may come a moment after the load event on a slow CPU.
    const paint = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const entry = list.getEntriesByName("first-contentful-paint")[0];
        if (entry) resolve(entry.startTime);
      }).observe({ type: "paint", buffered: true });
      setTimeout(() => resolve(Number.NaN), 5000);
    });
    const ready = performance.getEntriesByName("fill-interactive")[0];
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      fcp: paint,
      // A page without script accepts input once its HTML is parsed.
      interactive: ready?.startTime ?? navigation.domInteractive,
    };
  });
  const sizes = await Promise.all(bodies);
  // On a shared machine another build may replace the assets the server's page names.
  if (failed.length) throw new Error(`the page did not load whole (was the web app rebuilt?): ${failed}`);
  const sum = (type: string) => sizes.filter((s) => s.type === type).reduce((total, s) => total + s.size, 0);
  await context.close();
  return { js: sum("script"), css: sum("stylesheet"), html: sum("document"), ...timing };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function medianLoad(loads: Load[]): Load {
  const pick = (key: keyof Load) => median(loads.map((l) => l[key]));
  return {
    js: pick("js"),
    css: pick("css"),
    html: pick("html"),
    fcp: pick("fcp"),
    interactive: pick("interactive"),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "—");

ensureBuilt();
const server = await startApp();
const plainFile = path.join(webDist, PLAIN_PAGE);
writeFileSync(plainFile, plainForm());
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
/** The styled page's first paint may take at most this many times the unstyled one's. */
const STYLED_PAINT_LIMIT = 1.2;
let budgetHolds = true;
let styledHolds = true;
const styledRows: string[] = [];
try {
  const { unstyled: formUrl, styled: styledUrl } = await createTypicalForm(server.url);
  const plainUrl = `${server.url}/${PLAIN_PAGE}`;
  for (const profile of PROFILES) {
    const app: Load[] = [];
    const styled: Load[] = [];
    const plain: Load[] = [];
    // One unmeasured load of each warms the server (compression, first render, the font's files).
    await load(browser, formUrl, PROFILES[0]!);
    await load(browser, styledUrl, PROFILES[0]!);
    await load(browser, plainUrl, PROFILES[0]!);
    for (let i = 0; i < RUNS; i++) {
      app.push(await load(browser, formUrl, profile));
      styled.push(await load(browser, styledUrl, profile));
      writeFileSync(plainFile, plainForm());
      plain.push(await load(browser, plainUrl, profile));
    }
    const a = medianLoad(app);
    const s = medianLoad(styled);
    const p = medianLoad(plain);
    const paintRatio = s.fcp / a.fcp;
    if (!(paintRatio <= STYLED_PAINT_LIMIT)) styledHolds = false;
    if (s.js > PUBLIC_JS_BUDGET_BYTES) budgetHolds = false;
    styledRows.push(
      `${profile.name.padEnd(12)} styled ${ms(s.fcp)} / unstyled ${ms(a.fcp)} = ${paintRatio.toFixed(2)}× ` +
        `(JavaScript ${kb(s.js)}, CSS ${kb(s.css)} styled)`,
    );
    console.log(`\n${profile.name} (median of ${RUNS} cold loads at 390 px)`);
    console.log(
      `${"".padEnd(22)}${"public page".padStart(14)}${"plain HTML".padStart(14)}${"ratio".padStart(10)}`,
    );
    const rows: [string, number, number, (n: number) => string][] = [
      ["JavaScript (gzip)", a.js, p.js, kb],
      ["CSS (gzip)", a.css, p.css, kb],
      ["HTML (gzip)", a.html, p.html, kb],
      ["all (gzip)", a.js + a.css + a.html, p.js + p.css + p.html, kb],
      ["first contentful paint", a.fcp, p.fcp, ms],
      ["accepts input", a.interactive, p.interactive, ms],
    ];
    for (const [name, ours, theirs, format] of rows) {
      console.log(
        `${name.padEnd(22)}${format(ours).padStart(14)}${format(theirs).padStart(14)}${ratio(ours, theirs).padStart(10)}`,
      );
    }
    if (a.js > PUBLIC_JS_BUDGET_BYTES) budgetHolds = false;
  }
} finally {
  await browser.close();
  rmSync(plainFile, { force: true });
  await server.close();
}
console.log(`\nFirst contentful paint, styled form with a served font ÷ the same form unstyled:`);
for (const row of styledRows) console.log(`  ${row}`);
console.log(`Styled first paint within ${STYLED_PAINT_LIMIT}× of unstyled: ${styledHolds ? "PASS" : "FAIL"}`);
console.log(
  `JavaScript budget ${kb(PUBLIC_JS_BUDGET_BYTES)} gzipped for the typical form: ${budgetHolds ? "PASS" : "FAIL"}`,
);
process.exit(budgetHolds && styledHolds ? 0 : 1);
