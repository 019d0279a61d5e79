import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import {
  assertRendererBuilt,
  hiddenInputs,
  type StoredPage as Page,
  postForm,
} from "./public-post-support.ts";

/**
 * POST /f/:alias of a form on pages, without JavaScript: each page is posted on its own and the
 * server keeps the pages so far under the filling's key (form_partials) until the last one sends
 * it all.
 */
let server: TestServer;
let owner: ApiClient;
let subdomain: string;

beforeAll(async () => {
  assertRendererBuilt();
  server = await startTestServer();
  ({ api: owner, subdomain } = await signUpWithAccount(server.api, "nojspages"));
});
afterAll(() => server?.close());

const formPath = (alias: string) => `/f/${alias}?a=${subdomain}`;
const post = (body: URLSearchParams, target: string) => postForm(server, body, target);

describe("a form on pages posted without JavaScript", () => {
  it("fills a form on pages page by page, keeping the pages so far under the filling's key", async () => {
    const paged = {
      title: "Paged",
      formPathAlias: "paged",
      display: "severalPages",
      fields: [
        { id: "name", fieldType: "text", question: "Your name", isRequired: true },
        { id: "b1", fieldType: "pageBreak" },
        { id: "age", fieldType: "number", question: "Age", isRequired: true },
        { id: "b2", fieldType: "pageBreak" },
        { id: "town", fieldType: "text", question: "Town" },
      ],
    };
    const made = await owner.post<{ form: { id: number } }>("/api/forms", paged);
    expect(made.status, made.text).toBe(201);
    const first = await (await fetch(`${server.url}${formPath("paged")}`)).text();
    expect(first).toMatch(/<input[^>]*name="name"/);
    expect(first).not.toMatch(/<input[^>]*name="age"/);
    expect(first).toMatch(/name="fl-page" value="0"/);
    const key = "nojs-paged-1";
    const send = (page: number, entries: Array<[string, string]>) =>
      post(
        new URLSearchParams([["fl-submission-key", key], ["fl-page", String(page)], ...entries]),
        formPath("paged"),
      );

    // A page with a required answer missing stays, with its error.
    const refused = await send(0, [["name", " "]]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Please fill in this field");
    // Answered, the next page is drawn: its own questions only.
    const second = await send(0, [["name", "Ann"]]);
    expect(second.status).toBe(200);
    const secondHtml = await second.text();
    expect(secondHtml).toMatch(/<input[^>]*name="age"/);
    expect(secondHtml).not.toMatch(/<input[^>]*name="name"/);
    expect(secondHtml).toMatch(/name="fl-page" value="1"/);
    // Back from page 2 shows page 1 with what was answered there.
    const back = await send(1, [
      ["age", "41"],
      ["fl-back", "1"],
    ]);
    expect(await back.text()).toMatch(/<input[^>]*name="name"[^>]*value="Ann"/);
    const third = await send(0, [["name", "Ann"]]);
    expect(await third.text()).toMatch(/<input[^>]*name="age"[^>]*value="41"/);
    expect((await send(1, [["age", "41"]])).status).toBe(200);
    // Nothing is stored until the last page sends it all.
    const answers = () =>
      owner.get<Page>(`/api/forms/${made.body.form.id}/answer/paginated/1/50`).then((r) => r.body);
    expect((await answers()).total).toBe(0);
    const sent = await send(2, [["town", "Oslo"]]);
    expect(sent.status).toBe(303);
    const stored = await answers();
    expect(stored.total).toBe(1);
    expect(Object.fromEntries(stored.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]))).toMatchObject(
      { name: "Ann", age: 41, town: "Oslo" },
    );
    const kept = await server.database.raw.query("select 1 from form_partials where submission_key = $1", [
      key,
    ]);
    expect(kept).toHaveLength(0);
  });

  it("keeps a password of an earlier page for sending but never shows it in the author's partial responses", async () => {
    const paged = {
      title: "Paged secret",
      formPathAlias: "paged-secret",
      display: "severalPages",
      savePartialResponses: true,
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        { id: "secret", fieldType: "password", question: "Password" },
        { id: "b1", fieldType: "pageBreak" },
        { id: "town", fieldType: "text", question: "Town" },
      ],
    };
    const made = await owner.post<{ form: { id: number } }>("/api/forms", paged);
    expect(made.status, made.text).toBe(201);
    const send = (page: number, entries: Array<[string, string]>) =>
      post(
        new URLSearchParams([["fl-submission-key", "nojs-secret-1"], ["fl-page", String(page)], ...entries]),
        formPath("paged-secret"),
      );
    expect(
      (
        await send(0, [
          ["name", "Ann"],
          ["secret", "hunter2"],
        ])
      ).status,
    ).toBe(200);
    const partials = await owner.get<Page>(
      `/api/forms/${made.body.form.id}/answer/paginated/1/50?status=partial`,
    );
    expect(partials.body.total).toBe(1);
    expect(partials.text).toContain("Ann");
    expect(partials.text).not.toContain("hunter2");
    // The last page still sends the password kept from the first.
    expect((await send(1, [["town", "Oslo"]])).status).toBe(303);
    const stored = await owner.get<Page>(`/api/forms/${made.body.form.id}/answer/paginated/1/50`);
    expect(
      Object.fromEntries(stored.body.answerList[0]!.answers.map((a) => [a.fieldId, a.answer])),
    ).toMatchObject({
      name: "Ann",
      town: "Oslo",
    });
  });

  it("goes Back to the page it came from when a logic jump passed pages over, as with the script", async () => {
    const jumping = {
      title: "Jumping",
      formPathAlias: "jumping",
      display: "severalPages",
      fields: [
        {
          id: "transport",
          fieldType: "radio",
          question: "How did you travel?",
          isRequired: true,
          fieldSettings: {
            answerVariants: [
              { id: "car", title: "By car", value: "car" },
              { id: "train", title: "By train", value: "train" },
            ],
          },
        },
        { id: "b1", fieldType: "pageBreak" },
        { id: "train", fieldType: "text", question: "Train number" },
        { id: "b2", fieldType: "pageBreak" },
        { id: "quick", fieldType: "text", question: "One word about the trip" },
        { id: "b3", fieldType: "pageBreak" },
        { id: "comment", fieldType: "textarea", question: "Anything else?" },
      ],
      conditionalRules: [
        {
          id: "by-car",
          name: "By car",
          if: {
            kind: "group",
            combinator: "AND",
            conditions: [{ kind: "field", fieldId: "transport", operator: "equal", value: "car" }],
          },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "jump", targetFieldId: "quick" }],
        },
      ],
    };
    const made = await owner.post<{ form: { id: number } }>("/api/forms", jumping);
    expect(made.status, made.text).toBe(201);
    const send = (page: number, entries: Array<[string, string]>) =>
      post(
        new URLSearchParams([["fl-submission-key", "nojs-jump-1"], ["fl-page", String(page)], ...entries]),
        formPath("jumping"),
      );
    // By car, page 1 jumps over the train's page to the third.
    const jumped = await (await send(0, [["transport", "car"]])).text();
    expect(jumped).toMatch(/name="fl-page" value="2"/);
    expect(jumped).toMatch(/<input[^>]*name="quick"/);
    // On to the fourth page, then Back twice: the third, then the first, never the train's page.
    expect(await (await send(2, [["quick", "fine"]])).text()).toMatch(/name="fl-page" value="3"/);
    const backOnce = await (await send(3, [["fl-back", "1"]])).text();
    expect(backOnce).toMatch(/name="fl-page" value="2"/);
    expect(backOnce).toMatch(/<input[^>]*name="quick"[^>]*value="fine"/);
    const backTwice = await (
      await send(2, [
        ["quick", "fine"],
        ["fl-back", "1"],
      ])
    ).text();
    expect(backTwice).toMatch(/name="fl-page" value="0"/);
    expect(backTwice).toMatch(/<input[^>]*name="transport"/);
    expect(backTwice).not.toMatch(/<input[^>]*name="train"/);
    // By train now, Next goes to the train's page, and Back from it to the first.
    const byTrain = await (await send(0, [["transport", "train"]])).text();
    expect(byTrain).toMatch(/name="fl-page" value="1"/);
    const backFromTrain = await (
      await send(1, [
        ["train", "IC 42"],
        ["fl-back", "1"],
      ])
    ).text();
    expect(backFromTrain).toMatch(/name="fl-page" value="0"/);
  });

  it("takes the answers of a page a jump now passes over out of the rules", async () => {
    const when = (fieldId: string, operator: string, value: string) => ({
      kind: "group",
      combinator: "AND",
      conditions: [{ kind: "field", fieldId, operator, value }],
    });
    const made = await owner.post<{ form: { id: number } }>("/api/forms", {
      title: "Walking tour",
      formPathAlias: "walking",
      display: "severalPages",
      fields: [
        {
          id: "route",
          fieldType: "radio",
          question: "Which walk?",
          fieldSettings: {
            answerVariants: [
              { id: "short", title: "Short", value: "short" },
              { id: "long", title: "Long", value: "long" },
            ],
          },
        },
        { id: "b1", fieldType: "pageBreak" },
        { id: "age", fieldType: "number", question: "Your age" },
        { id: "b2", fieldType: "pageBreak" },
        { id: "group", fieldType: "text", question: "Group" },
        { id: "wine", fieldType: "text", question: "Wine or juice?", isHidden: true, isRequired: true },
      ],
      conditionalRules: [
        {
          id: "short-walk",
          name: "Short walk",
          if: when("route", "equal", "short"),
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "jump", targetFieldId: "group" }],
        },
        {
          id: "adults",
          name: "Adults",
          if: when("age", "greaterOrEqual", "18"),
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "show", fieldIds: ["wine"] }],
        },
      ],
    });
    expect(made.status, made.text).toBe(201);
    const send = (page: number, entries: Array<[string, string]>) =>
      post(
        new URLSearchParams([["fl-submission-key", "nojs-walk-1"], ["fl-page", String(page)], ...entries]),
        formPath("walking"),
      );
    expect(await (await send(0, [["route", "long"]])).text()).toMatch(/name="fl-page" value="1"/);
    const last = await (await send(1, [["age", "30"]])).text();
    expect(last).toMatch(/<input[^>]*name="wine"/);
    // Back to the start and the short walk: the age page is passed over, and its 30 with it.
    expect(await (await send(2, [["fl-back", "1"]])).text()).toMatch(/name="fl-page" value="1"/);
    expect(
      await (
        await send(1, [
          ["age", "30"],
          ["fl-back", "1"],
        ])
      ).text(),
    ).toMatch(/name="fl-page" value="0"/);
    const jumped = await (await send(0, [["route", "short"]])).text();
    expect(jumped).toMatch(/name="fl-page" value="2"/);
    expect(jumped).not.toMatch(/<input[^>]*name="wine"/);
    const sent = await send(2, [["group", "Walkers"]]);
    expect(sent.status).toBe(303);
    const stored = await owner.get<Page>(`/api/forms/${made.body.form.id}/answer/paginated/1/50`);
    expect(Object.fromEntries(stored.body.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]))).toEqual({
      route: "short",
      group: "Walkers",
    });
  });

  it("asks on the same page a question its answers open, instead of passing it over or faulting it", async () => {
    const petForm = (alias: string, required: boolean) => ({
      title: "Pets",
      formPathAlias: alias,
      display: "severalPages",
      fields: [
        {
          id: "pet",
          fieldType: "radio",
          question: "Do you have a pet?",
          isRequired: true,
          fieldSettings: {
            answerVariants: [
              { id: "yes", title: "Yes" },
              { id: "no", title: "No" },
            ],
          },
        },
        { id: "petname", fieldType: "text", question: "Your pet's name", isRequired: required },
        { id: "b1", fieldType: "pageBreak" },
        { id: "mail", fieldType: "email", question: "Your e-mail", isRequired: true },
      ],
      conditionalRules: [
        {
          id: "pet-name",
          name: "Ask the pet's name",
          if: {
            kind: "group",
            combinator: "AND",
            conditions: [{ kind: "field", fieldId: "pet", operator: "equal", value: "yes" }],
          },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "show", fieldIds: ["petname"] }],
        },
      ],
    });
    const drawsPetName = /<input[^>]*name="petname"/;
    for (const required of [false, true]) {
      const alias = required ? "pets-required" : "pets-optional";
      const made = await owner.post<{ form: { id: number } }>("/api/forms", petForm(alias, required));
      expect(made.status, made.text).toBe(201);
      const blank = await (await fetch(`${server.url}${formPath(alias)}`)).text();
      expect(blank).not.toMatch(drawsPetName);
      const key = `nojs-${alias}`;
      const send = (html: string, entries: Array<[string, string]>) =>
        post(
          new URLSearchParams([
            ...hiddenInputs(html).filter(([name]) => name !== "fl-submission-key"),
            ["fl-submission-key", key],
            ...entries,
          ]),
          formPath(alias),
        );

      // "Yes" opens the pet's name on this very page: the page comes back with it, blaming nothing.
      const opened = await send(blank, [["pet", "yes"]]);
      const asked = await opened.text();
      expect(opened.status).toBe(200);
      expect(asked).toMatch(/name="fl-page" value="0"/);
      expect(asked).toMatch(drawsPetName);
      expect(asked).toContain("Your answers opened more questions.");
      expect(asked).not.toContain("Please fill in");
      // Answered, the form goes on, and the answer is stored with the rest.
      const next = await (
        await send(asked, [
          ["pet", "yes"],
          ["petname", "Rex"],
        ])
      ).text();
      expect(next).toMatch(/name="fl-page" value="1"/);
      expect((await send(next, [["mail", "ann@example.com"]])).status).toBe(303);
      const stored = await owner.get<Page>(`/api/forms/${made.body.form.id}/answer/paginated/1/50`);
      expect(
        Object.fromEntries(stored.body.answerList[0]!.answers.map((a) => [a.fieldId, a.answer])),
      ).toMatchObject({ pet: "yes", petname: "Rex", mail: "ann@example.com" });
    }
  });
});
