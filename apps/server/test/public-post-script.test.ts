import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { assertRendererBuilt, type StoredPage as Page, postForm } from "./public-post-support.ts";

/**
 * POST /f/:alias of a form whose questions a plain post cannot all carry (a full name, a ranking...):
 * refused with the page's "needs JavaScript" notice, nothing stored (the rest of the plain post:
 * public-post.test.ts).
 */

let server: TestServer;
let owner: ApiClient;
let subdomain: string;

beforeAll(async () => {
  assertRendererBuilt();
  server = await startTestServer();
  ({ api: owner } = await signUpWithAccount(server.api, "noscript"));
  subdomain = (await owner.get<{ account: { subdomain: string } }>("/api/user")).body.account.subdomain;
});
afterAll(() => server?.close());

const formPath = (alias: string) => `/f/${alias}?a=${subdomain}`;
const post = (body: URLSearchParams, target: string) => postForm(server, body, target);

describe("a form posted without JavaScript that needs it", () => {
  it("keeps nothing of a post that could not carry some questions' answers, and says it needs JavaScript", async () => {
    const matrixForm = {
      title: "Ratings",
      formPathAlias: "ratings",
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        { id: "grid", fieldType: "initials", question: "Your full name" },
      ],
    };
    const made = await owner.post<{ form: { id: number } }>("/api/forms", matrixForm);
    expect(made.status, made.text).toBe(201);
    const drawn = await (await fetch(`${server.url}${formPath("ratings")}`)).text();
    expect(drawn).toMatch(/<noscript>.*needs JavaScript.*<\/noscript>/s);
    const refused = await post(new URLSearchParams([["name", "Ann"]]), formPath("ratings"));
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("This form needs JavaScript to be filled in");
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Ann"/);
    const stored = await owner.get<Page>(`/api/forms/${made.body.form.id}/answer/paginated/1/50`);
    expect(stored.body.answerList).toEqual([]);

    // Also on a form that needs the script for its timer as well.
    const timed = {
      ...matrixForm,
      title: "Timed ratings",
      formPathAlias: "timed-ratings",
      hasTimer: true,
      allFormTime: 600,
    };
    expect((await owner.post("/api/forms", timed)).status).toBe(201);
    expect((await post(new URLSearchParams([["name", "Bo"]]), formPath("timed-ratings"))).status).toBe(422);

    // A full name a rule shows only on a "yes" is not lost while it stays hidden.
    const later = {
      title: "Ratings later",
      formPathAlias: "ratings-later",
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        { id: "more", fieldType: "text", question: "Rate us too? (yes/no)" },
        { ...matrixForm.fields[1], isHidden: true },
      ],
      conditionalRules: [
        {
          id: "rate",
          name: "Rate on yes",
          if: {
            kind: "group",
            combinator: "AND",
            conditions: [{ kind: "field", fieldId: "more", operator: "equal", value: "yes" }],
          },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "show", fieldIds: ["grid"] }],
        },
      ],
    };
    const laterForm = await owner.post<{ form: { id: number } }>("/api/forms", later);
    expect(laterForm.status, laterForm.text).toBe(201);
    const no = await post(
      new URLSearchParams([
        ["name", "Cy"],
        ["more", "no"],
      ]),
      formPath("ratings-later"),
    );
    expect(no.status).toBe(303);
    const yes = await post(
      new URLSearchParams([
        ["name", "Di"],
        ["more", "yes"],
      ]),
      formPath("ratings-later"),
    );
    expect(yes.status).toBe(422);
    const kept = await owner.get<Page>(`/api/forms/${laterForm.body.form.id}/answer/paginated/1/50`);
    expect(kept.body.answerList).toHaveLength(1);
  });
});

describe("a matrix posted without JavaScript", () => {
  it("is drawn for the plain post and stored row by row, a required row left empty asked for", async () => {
    const made = await owner.post<{ form: { id: number } }>("/api/forms", {
      title: "Stay",
      formPathAlias: "stay",
      fields: [
        {
          id: "grid",
          fieldType: "matrix",
          question: "Rate your stay",
          isRequired: true,
          fieldSettings: {
            questions: [
              { id: "food", question: "Food", multiple: false },
              { id: "room", question: "Room", multiple: true },
            ],
            answerVariants: [
              { id: "m1", title: "Poor" },
              { id: "m2", title: "Good" },
            ],
          },
        },
      ],
    });
    expect(made.status, made.text).toBe(201);
    const drawn = await (await fetch(`${server.url}${formPath("stay")}`)).text();
    expect(drawn).not.toContain("needs JavaScript");
    expect(drawn).toMatch(/<input[^>]*type="radio"[^>]*name="grid\[food\]"[^>]*value="m2"/);
    const incomplete = await post(new URLSearchParams([["grid[food]", "m2"]]), formPath("stay"));
    expect(incomplete.status).toBe(422);
    // The row answered comes back ticked.
    expect(await incomplete.text()).toMatch(/<input[^>]*name="grid\[food\]"[^>]*value="m2"[^>]*checked/);
    const sent = await post(
      new URLSearchParams([
        ["grid[food]", "m2"],
        ["grid[room]", "m1"],
        ["grid[room]", "m2"],
      ]),
      formPath("stay"),
    );
    expect(sent.status).toBe(303);
    const stored = await owner.get<Page>(`/api/forms/${made.body.form.id}/answer/paginated/1/50`);
    expect(stored.body.answerList).toHaveLength(1);
    expect(stored.body.answerList[0]!.answers).toEqual([
      expect.objectContaining({ fieldId: "grid", answer: { food: "m2", room: ["m1", "m2"] } }),
    ]);
  });
});
