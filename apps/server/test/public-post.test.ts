import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  showToDetractors,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import {
  assertRendererBuilt,
  hiddenInputs,
  type StoredPage as Page,
  postForm,
} from "./public-post-support.ts";

/**
 * POST /f/:alias: the public form sent by the browser itself, without JavaScript (the page after
 * sending: public-post-after.test.ts; a form on pages:
 * public-post-pages.test.ts).
 */

let server: TestServer;
let owner: ApiClient;
let subdomain: string;
let formId: number;
/** This test's browser: the respondent cookie the form's page gave it, sent with its posts. */
let browser: string;

const visitForm = {
  title: "Visit",
  formPathAlias: "visit",
  fields: [
    { id: "name", fieldType: "text", question: "Your name", isRequired: true },
    { id: "age", fieldType: "number", question: "Age" },
    {
      id: "rooms",
      fieldType: "checkbox",
      question: "Rooms seen",
      fieldSettings: {
        answerVariants: [
          { id: "hall", title: "Hall", value: "1" },
          { id: "attic", title: "Attic", value: "2" },
          { id: "cellar", title: "Cellar", value: "3" },
        ],
      },
    },
    { id: "score", fieldType: "nps", question: "Would you recommend us?" },
  ],
};

beforeAll(async () => {
  assertRendererBuilt();
  server = await startTestServer();
  ({ api: owner } = await signUpWithAccount(server.api, "nojs"));
  const made = await owner.post<{ form: { id: number; account: { subdomain: string } } }>(
    "/api/forms",
    visitForm,
  );
  formId = made.body.form.id;
  subdomain = made.body.form.account.subdomain;
  const opened = await fetch(`${server.url}${formPath()}`);
  browser = opened.headers.get("set-cookie")?.split(";")[0] ?? "";
  expect(browser).toMatch(/^flr_respondent=/);
});
afterAll(() => server?.close());

const formPath = (alias = "visit") => `/f/${alias}?a=${subdomain}`;

/** Where the page posts itself: beside its own address. */
const sendPath = (alias = "visit") => `/f/${alias}/send?a=${subdomain}`;

const post = (body: string | URLSearchParams, target = sendPath(), contentType?: string) =>
  postForm(server, body, target, contentType, browser);

/** A result's additional data, where its path args are shown. */
const pathArgsOf = async (id: number | undefined) =>
  (await owner.get<{ pathArgs: Record<string, string> }>(`/api/forms/${formId}/answer/${id}/additional`))
    .body;

const stored = async () =>
  (await owner.get<Page>(`/api/forms/${formId}/answer/paginated/1/50`)).body.answerList;

describe("a public form posted without JavaScript", () => {
  it("is a real form on the page: posted beside its own address with the key of this filling", async () => {
    const response = await fetch(`${server.url}${formPath()}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    const form = /<form\b[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/f/visit/send?a=${subdomain}"`);
    // That address opened rather than posted to is the form's own.
    const opened = await fetch(`${server.url}/f/visit/send?a=${subdomain}&ref=x`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/f/visit?a=${subdomain}&ref=x`);
    expect(html).toMatch(/name="fl-submission-key" value="[0-9a-f]{32}"/);
    expect(html).toMatch(/<input[^>]*name="name"/);
    // Nothing here needs a script: no notice saying so.
    expect(html).not.toContain("needs JavaScript");
  });

  it("comes back with 422, each error under its question and what was typed kept", async () => {
    const before = (await stored()).length;
    const response = await post(
      new URLSearchParams([
        ["fl-submission-key", "nojs-refused-1"],
        ["name", "   "],
        ["age", "42"],
        ["rooms", "hall"],
        ["rooms", "cellar"],
        ["score", "9"],
      ]),
    );
    const html = await response.text();
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(html).toContain("Please fill in this field");
    expect(html).toMatch(/<input[^>]*name="age"[^>]*value="42"/);
    const checked = [...html.matchAll(/<input[^>]*name="rooms"[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes("checked"))
      .map((tag) => /value="([^"]*)"/.exec(tag)?.[1]);
    expect(checked).toEqual(["hall", "cellar"]);
    expect(html).toMatch(
      /<input[^>]*name="score"[^>]*value="9"[^>]*checked|<input[^>]*checked[^>]*name="score"[^>]*value="9"/,
    );
    // The same filling: its key goes back into the page.
    expect(html).toContain('value="nojs-refused-1"');
    expect((await stored()).length).toBe(before);
  });

  it("stores a valid post once and sends the browser on to the thank-you page, also when it is sent again", async () => {
    const before = (await stored()).length;
    const body = new URLSearchParams([
      ["fl-submission-key", "nojs-sent-1"],
      ["fl-start-time", new Date(Date.now() - 30_000).toISOString()],
      ["fl-seed", "7"],
      ["name", "Ann"],
      ["age", "42"],
      ["rooms", "hall"],
      ["rooms", "attic"],
      ["score", "10"],
    ]);
    const first = await post(body);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`/f/visit/thankyou?a=${subdomain}&fl-sent=nojs-sent-1`);
    // A reload, a double click, several at once, one from a page drawn before that posts to its own
    // address: still one answer.
    const again = await Promise.all([post(body), post(body, formPath()), post(body)]);
    expect(again.map((response) => response.status)).toEqual([303, 303, 303]);
    const list = await stored();
    expect(list.length).toBe(before + 1);
    expect(list[0]?.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fieldId: "name", answer: "Ann" }),
        expect.objectContaining({ fieldId: "age", answer: 42 }),
        expect.objectContaining({ fieldId: "rooms", answer: ["hall", "attic"] }),
        expect.objectContaining({ fieldId: "score", answer: 10 }),
      ]),
    );
    // The thank-you page it is sent to is there.
    const thanks = await fetch(`${server.url}${first.headers.get("location")}`);
    expect(thanks.status).toBe(200);
  });

  it("draws Other on a drop-down and on pictures, and the options chosen at first, and stores Other's text as posted", async () => {
    const option = (id: string, title: string, defaultChecked = false) => ({
      id,
      title,
      value: id,
      defaultChecked,
    });
    const made = await owner.post<{ form: { id: number } }>("/api/forms", {
      title: "Trip",
      formPathAlias: "trip",
      fields: [
        {
          id: "city",
          fieldType: "select",
          question: "City",
          fieldSettings: { answerVariants: [option("rome", "Rome", true)], hasOtherVariant: true },
        },
        {
          id: "views",
          fieldType: "imageChoice",
          question: "Views",
          fieldSettings: {
            answerVariants: [option("sea", "Sea", true), option("hill", "Hill")],
            hasOtherVariant: true,
            multiple: true,
          },
        },
      ],
    });
    expect(made.status, made.text).toBe(201);
    await owner.patch(`/api/forms/${made.body.form.id}`, { isPublished: true });
    const page = await (await fetch(`${server.url}${formPath("trip")}`)).text();
    expect(page).toContain('<option selected value="rome">Rome</option>');
    expect(page).toContain('<option value="other:">Other</option>');
    expect(page).toContain('<input type="checkbox" name="views" value="sea" checked/>');
    expect(page).toContain('<input type="checkbox" name="views" value="other:"/>');
    expect(page).toContain('name="views.other"');
    const sent = await post(
      new URLSearchParams([
        ["fl-submission-key", "nojs-other-1"],
        ["city", "other:"],
        ["city.other", " Lima "],
        ["views", "sea"],
        ["views", "other:"],
        ["views.other", "Forest"],
      ]),
      formPath("trip"),
    );
    expect(sent.status).toBe(303);
    const list = (await owner.get<Page>(`/api/forms/${made.body.form.id}/answer/paginated/1/50`)).body
      .answerList;
    expect(list[0]?.answers).toEqual([
      expect.objectContaining({ fieldId: "city", answer: "other:Lima" }),
      expect.objectContaining({ fieldId: "views", answer: ["sea", "other:Forest"] }),
    ]);
  });

  it("keeps the link's query parameters as the result's path args: in the form's action and in what is stored", async () => {
    const page = await (await fetch(`${server.url}${formPath()}&utm_source=news&ref=a%26b`)).text();
    expect(/<form\b[^>]*>/.exec(page)?.[0]).toContain(
      `action="/f/visit/send?a=${subdomain}&amp;utm_source=news&amp;ref=a%26b"`,
    );
    const sent = await post(
      new URLSearchParams([
        ["fl-submission-key", "nojs-path-args-1"],
        ["name", "Pat"],
      ]),
      `/f/visit/send?a=${subdomain}&utm_source=news&ref=a%26b`,
    );
    expect(sent.status).toBe(303);
    const mine = (await stored()).find((row) => row.answers.some((a) => a.answer === "Pat"));
    expect((await pathArgsOf(mine?.id)).pathArgs).toEqual({ utm_source: "news", ref: "a&b" });
  });

  it("cuts the path args a script sends to their limits and drops what is not text", async () => {
    const pathArgs = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}`, "v".repeat(900)]));
    const response = await server.api.post("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "name", answer: "Limits" }],
      miscData: { pathArgs: { nested: { a: 1 }, ...pathArgs } },
    });
    expect(response.status).toBe(201);
    const mine = (await stored()).find((row) => row.answers.some((a) => a.answer === "Limits"));
    const kept = (await pathArgsOf(mine?.id)).pathArgs;
    expect(Object.keys(kept)).toHaveLength(30);
    expect(kept.nested).toBeUndefined();
    expect(kept.p0).toHaveLength(500);
  });

  it("refuses what no browser's form sends with a 4xx, never a 500", async () => {
    const cases: Array<[string, Promise<Response>]> = [
      ["JSON", post(JSON.stringify({ name: "Ann" }), formPath(), "application/json")],
      ["plain text", post("name=Ann", formPath(), "text/plain")],
      ["multipart", post("--x\r\n\r\n--x--", formPath(), "multipart/form-data; boundary=x")],
      ["an unknown type", post("name=Ann", formPath(), "application/x-whatever")],
      ["no body", fetch(`${server.url}${formPath()}`, { method: "POST", redirect: "manual" })],
      ["a NUL character", post("name=A%00nn")],
      ["an unknown form", post("name=Ann", formPath("no-such-form"))],
      ["an alias too long", post("name=Ann", formPath("x".repeat(300)))],
    ];
    for (const [label, sent] of cases) {
      const status = (await sent).status;
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
    }
    // Escapes a browser never writes are read as leniently as browsers read them.
    expect((await post("name=%E0%A4%A&%%%=1")).status).toBeLessThan(500);
    const json = await post(JSON.stringify({ name: "Ann" }), formPath(), "application/json");
    expect(json.status).toBe(415);
  });

  it("keeps the form's own limits: sent again too soon, it says so in the form's words; a restricted form is refused", async () => {
    const limited = {
      ...visitForm,
      formPathAlias: "hourly",
      nextSubmissionTime: "1h",
      nextSubmissionText: "Once an hour, please",
    };
    expect((await owner.post("/api/forms", limited)).status).toBe(201);
    expect((await post("fl-submission-key=hour-1&name=Ann", formPath("hourly"))).status).toBe(303);
    const again = await post("fl-submission-key=hour-2&name=Ann", formPath("hourly"));
    expect(again.status).toBe(429);
    const page = await again.text();
    expect(page).toContain("Once an hour, please");
    expect(page).toMatch(/<input[^>]*name="name"[^>]*value="Ann"/);

    const members = { ...visitForm, formPathAlias: "members", hasAnonymousFilling: "registered" };
    expect((await owner.post("/api/forms", members)).status).toBe(201);
    const denied = await post("name=Ann", formPath("members"));
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain("Access denied");
  });

  it("asks a question a show-rule reveals before storing, and stores its answer only where it was shown", async () => {
    const survey = await owner.post<{ form: { id: number } }>("/api/forms", {
      title: "After your order",
      formPathAlias: "after-order",
      fields: [
        { id: "nps", fieldType: "nps", question: "Would you recommend us?", fieldOrder: 0 },
        { id: "wrong", fieldType: "text", question: "What went wrong?", fieldOrder: 1 },
      ],
      conditionalRules: [showToDetractors("nps", "wrong")],
    });
    expect(survey.status).toBe(201);
    const target = formPath("after-order");
    const surveyAnswers = async () =>
      (await owner.get<Page>(`/api/forms/${survey.body.form.id}/answer/paginated/1/50`)).body.answerList.map(
        (row) => Object.fromEntries(row.answers.map((a) => [a.fieldId, a.answer])),
      );
    const fresh = async () => {
      const response = await fetch(`${server.url}${target}`);
      return response.text();
    };

    // The page carries the form's data for its script, so the question is looked for as drawn: its input.
    const drawsWrong = /<input[^>]*name="wrong"/;
    const blank = await fresh();
    expect(blank).toMatch(/<input[^>]*name="nps"/);
    expect(blank).not.toMatch(drawsWrong);
    expect(blank).not.toContain("needs JavaScript");

    // A 9: nothing more to ask, stored without the question.
    const nine = await post(new URLSearchParams([...hiddenInputs(blank), ["nps", "9"]]), target);
    expect(nine.status).toBe(303);
    expect(await surveyAnswers()).toEqual([{ nps: 9 }]);

    // A 3: the page comes back with the question the rule now shows, and nothing is stored yet.
    const page = await fresh();
    const three = await post(new URLSearchParams([...hiddenInputs(page), ["nps", "3"]]), target);
    const asked = await three.text();
    expect(three.status).toBe(200);
    expect(asked).toContain("Your answers opened more questions.");
    expect(asked).toMatch(drawsWrong);
    expect(await surveyAnswers()).toHaveLength(1);
    const answered = await post(
      new URLSearchParams([...hiddenInputs(asked), ["nps", "3"], ["wrong", "Slow delivery"]]),
      target,
    );
    expect(answered.status).toBe(303);
    expect(await surveyAnswers()).toHaveLength(2);
    expect(await surveyAnswers()).toContainEqual({ nps: 3, wrong: "Slow delivery" });

    // The score changed back to 9 on that page: the question is no longer shown, its answer dropped.
    const again = await post(new URLSearchParams([...hiddenInputs(await fresh()), ["nps", "3"]]), target);
    const shown = await again.text();
    const changed = await post(
      new URLSearchParams([...hiddenInputs(shown), ["nps", "9"], ["wrong", "Changed my mind"]]),
      target,
    );
    expect(changed.status).toBe(303);
    const all = await surveyAnswers();
    expect(all).toHaveLength(3);
    expect(all.filter((row) => "wrong" in row)).toEqual([{ nps: 3, wrong: "Slow delivery" }]);
  });

  it("says on the page when a form needs JavaScript, and refuses a captcha form's post with the captcha's message", async () => {
    const captchaForm = { ...visitForm, formPathAlias: "guarded", hasCaptcha: true };
    expect((await owner.post("/api/forms", captchaForm)).status).toBe(201);
    const page = await (await fetch(`${server.url}${formPath("guarded")}`)).text();
    expect(page).toMatch(/<noscript>.*that check needs JavaScript.*<\/noscript>/s);
    const refused = await post("name=Ann", formPath("guarded"));
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Please solve the captcha");

    const stepped = { ...visitForm, formPathAlias: "stepped", display: "stepByStep" };
    expect((await owner.post("/api/forms", stepped)).status).toBe(201);
    const steps = await (await fetch(`${server.url}${formPath("stepped")}`)).text();
    // A form on pages is posted page by page: it needs no script.
    expect(steps).not.toContain("needs JavaScript");
  });

  it("asks a Russian form's day as DD.MM.YYYY, draws it back so, and stores it as YYYY-MM-DD", async () => {
    const russian = {
      title: "Визит",
      formPathAlias: "vizit",
      language: "RU",
      fields: [
        { id: "name", fieldType: "text", question: "Имя", isRequired: true },
        { id: "day", fieldType: "dateTime", question: "День визита" },
      ],
    };
    const made = await owner.post<{ form: { id: number } }>("/api/forms", russian);
    const page = await (await fetch(`${server.url}${formPath("vizit")}`)).text();
    expect(page).toMatch(/<input[^>]*name="day"[^>]*type="text"[^>]*placeholder="DD.MM.YYYY"/);

    const refused = await post(new URLSearchParams([["day", "14.03.2026"]]), formPath("vizit"));
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/<input[^>]*name="day"[^>]*value="14.03.2026"/);

    const sent = await post(
      new URLSearchParams([
        ["name", "Анна"],
        ["day", "14.03.2026"],
      ]),
      formPath("vizit"),
    );
    expect(sent.status).toBe(303);
    const answers = (await owner.get<Page>(`/api/forms/${made.body.form.id}/answer/paginated/1/50`)).body;
    expect(answers.answerList[0]?.answers).toEqual(
      expect.arrayContaining([expect.objectContaining({ fieldId: "day", answer: "2026-03-14" })]),
    );
  });
});
