import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  registerUser,
  signUpWithAccount,
  startTestServer,
  submitAnswers,
  type TestServer,
} from "./harness.ts";

interface Hit {
  id: number | string;
  title: string;
  excerpt: string;
  type: string;
  createdAt: string;
  data: { form_id: number | null; slug: string | null };
}
interface Found {
  count: number;
  results: Hit[];
}

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;
let answerId: number;
let adminEmail: string;

const LONG_STORY = `${"Our visit went as planned and the staff were kind. ".repeat(40)}Then the customer mentioned a flamingo named Rosalind by the pond. ${"Nothing else happened that afternoon. ".repeat(40)}`;

const search = (api: ApiClient, query: Record<string, string>) =>
  api.get<Found>(`/api/search?${new URLSearchParams(query)}`);

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "finder"));
  adminEmail = (await admin.get<{ email: string }>("/api/user")).body.email;
  const form = await createForm(admin, {
    title: "Quarterly zebra report",
    fields: [
      { id: "story", fieldType: "textarea", question: "Tell us what happened" },
      {
        id: "color",
        fieldType: "radio",
        question: "Colour",
        fieldSettings: {
          answerVariants: [
            { id: "c1", title: "Aquamarine", value: "1" },
            { id: "c2", title: "Burgundy", value: "2" },
          ],
        },
      },
      { id: "secret", fieldType: "text", question: "Private note" },
    ],
  });
  formId = form.id;
  answerId = await submitAnswers(server.api, formId, [
    { fieldId: "story", answer: LONG_STORY },
    { fieldId: "color", answer: "c1" },
    { fieldId: "secret", answer: "xylophone" },
  ]);
  await createForm(admin, { title: "Клиенты довольны сервисом", language: "RU", fields: [] });

  // Another account holds the same words and a marker of its own.
  const other = await signUpWithAccount(server.api, "elsewhere");
  const theirs = await createForm(other.api, {
    title: "Zebra flamingo othermarker",
    fields: [{ id: "story", fieldType: "textarea", question: "Story" }],
  });
  await submitAnswers(server.api, theirs.id, [
    { fieldId: "story", answer: "flamingo othermarker xylophone" },
  ]);
}, 120_000);

afterAll(() => server?.close());

describe("what the search finds", () => {
  it("finds a form by a word of its title, with the match marked", async () => {
    const found = await search(admin, { request: "zebra", types: "form" });
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(1);
    expect(found.body.results[0]).toMatchObject({
      id: formId,
      type: "form",
      title: "Quarterly zebra report",
      data: { form_id: formId },
    });
    expect(found.body.results[0]?.excerpt).toContain("<mark>zebra</mark>");
  });

  it("finds an answer by a word deep inside a long text answer, the excerpt around it", async () => {
    const found = await search(admin, { request: "flamingo", types: "form_answer" });
    expect(found.body.count).toBe(1);
    const [hit] = found.body.results;
    // results_view names a submission by its number within the form.
    expect(hit).toMatchObject({ id: answerId, type: "form_answer", data: { form_id: formId, slug: "1" } });
    expect(hit?.excerpt).toContain("<mark>flamingo</mark>");
    expect(hit?.excerpt.length).toBeLessThan(600);
  });

  it("finds an answer by the title of the choice it made, not its id", async () => {
    expect((await search(admin, { request: "aquamarine" })).body.results.map((hit) => hit.id)).toContain(
      answerId,
    );
    expect((await search(admin, { request: "c1c1", types: "form_answer" })).body.count).toBe(0);
  });

  it("finds an answer by a choice's new title once the author renames it, not by the old one", async () => {
    const form = await createForm(admin, {
      title: "Paint order",
      fields: [
        {
          id: "paint",
          fieldType: "radio",
          question: "Paint",
          fieldSettings: { answerVariants: [{ id: "p1", title: "Vermilion", value: "1" }] },
        },
      ],
    });
    const sent = await submitAnswers(server.api, form.id, [{ fieldId: "paint", answer: "p1" }]);
    const hits = async (request: string) =>
      (await search(admin, { request, types: "form_answer" })).body.results.map((hit) => hit.id);
    expect(await hits("vermilion")).toEqual([sent]);
    const current = await admin.get<{ fields: Array<Record<string, unknown>> }>(`/api/forms/${form.id}`);
    const fields = current.body.fields.map((field) =>
      field.id === "paint"
        ? { ...field, fieldSettings: { answerVariants: [{ id: "p1", title: "Cinnabar", value: "1" }] } }
        : field,
    );
    expect((await admin.patch(`/api/forms/${form.id}`, { fields })).status).toBe(200);
    expect(await hits("cinnabar")).toEqual([sent]);
    expect(await hits("vermilion")).toEqual([]);
  });

  it("finds stemmed words in the form's language, and word beginnings", async () => {
    const russian = await search(admin, { request: "клиент", types: "form" });
    expect(russian.body.results.map((hit) => hit.title)).toEqual(["Клиенты довольны сервисом"]);
    const prefix = await search(admin, { request: "quarte", types: "form" });
    expect(prefix.body.results.map((hit) => hit.id)).toEqual([formId]);
  });

  it("finds an answer by the beginning of an e-mail address in it, and not by words that merely begin alike", async () => {
    const withEmail = await submitAnswers(server.api, formId, [
      { fieldId: "story", answer: "Marguerite ran the webinar. Write to marguerite.oyelaran@example.com" },
    ]);
    const found = await search(admin, { request: "marguerite.oye", types: "form_answer" });
    expect(found.body.results.map((hit) => hit.id)).toEqual([withEmail]);
    expect(found.body.results[0]?.excerpt).toContain("<mark>");
    // "marguerite.web" begins no address of it: "Marguerite" and "webinar" apart are not that.
    expect((await search(admin, { request: "marguerite.web", types: "form_answer" })).body.count).toBe(0);
  });

  it("leaves out an answer holding a word the search excludes, in whichever language the word is read", async () => {
    // "flamingo" is read alike in every language; "xylophone" is stemmed in English ("xylophon") and
    // not in the others. The answer holds both: "-xylophone" must leave it out for every reading.
    expect((await search(admin, { request: "flamingo", types: "form_answer" })).body.count).toBe(1);
    expect((await search(admin, { request: "flamingo -xylophone", types: "form_answer" })).body.count).toBe(
      0,
    );
    expect((await search(admin, { request: "flamingo -xylophones", types: "form_answer" })).body.count).toBe(
      0,
    );
    expect((await search(admin, { request: "flamingo -trombone", types: "form_answer" })).body.count).toBe(1);
    // Inside quotes a dash leaves nothing out: it is part of the phrase.
    expect(
      (await search(admin, { request: '"flamingo -named rosalind"', types: "form_answer" })).body.count,
    ).toBe(1);
  });

  it("matches words joined by punctuation whole, as it matches a phrase", async () => {
    const whole = await search(admin, { request: "flamingo,named", types: "form_answer" });
    expect(whole.body.results.map((hit) => hit.id)).toContain(answerId);
    // Not each one's beginning: that gathers every answer with a word beginning so.
    expect((await search(admin, { request: "flamin,nam", types: "form_answer" })).body.count).toBe(0);
  });

  it("finds a submission stored after later ones were indexed", async () => {
    // Every account's submissions take their ids from one sequence, and a submission can commit
    // after one with a higher id: far below the highest indexed id, it must still be indexed.
    const insert = (id: number, word: string) =>
      server.database.db.execute(sql`
        insert into form_answers (id, account_id, form_id, answers, device)
        overriding system value
        values (${id}, ${accountId}, ${formId}, ${JSON.stringify([{ fieldId: "story", answer: word }])}::jsonb, '{}'::jsonb)`);
    await insert(900_000, "Early walrus");
    expect((await search(admin, { request: "walrus", types: "form_answer" })).body.count).toBe(1);
    await insert(400_000, "Late narwhal");
    const late = await search(admin, { request: "narwhal", types: "form_answer" });
    expect(late.body.results.map((hit) => hit.id)).toEqual([400_000]);
  });

  it("finds a user of the account by the beginning of their e-mail", async () => {
    const start = adminEmail.slice(0, 5);
    const found = await search(admin, { request: start, types: "user" });
    expect(found.body.results.map((hit) => hit.type)).toEqual(["user"]);
    expect(found.body.results[0]?.excerpt).toContain("<mark>");
  });

  it("never finds another account's forms, answers or users", async () => {
    const found = await search(admin, { request: "othermarker" });
    expect(found.body).toEqual({ count: 0, results: [] });
    const flamingo = await search(admin, { request: "flamingo" });
    expect(flamingo.body.results.every((hit) => hit.data.form_id === formId)).toBe(true);
  });

  it("takes a day of its range as the searcher's own day", async () => {
    // A zone whose date differs from UTC's now: 14 hours ahead from 10:00 UTC on, 11 behind before.
    const zone = new Date().getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const dayIn = (timeZone: string, shift = 0) =>
      new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(Date.now() + shift * 86_400_000));
    const me = await admin.get<{ id: number }>("/api/user");
    expect((await admin.patch(`/api/user/${me.body.id}/settings`, { timezone: zone })).status).toBe(200);
    try {
      const sent = await submitAnswers(server.api, formId, [{ fieldId: "story", answer: "A wombat smiled" }]);
      const onDay = async (day: string) =>
        (
          await search(admin, { request: "wombat", types: "form_answer", dateFrom: day, dateTo: day })
        ).body.results.map((hit) => hit.id);
      expect(await onDay(dayIn(zone))).toEqual([sent]);
      expect(await onDay(dayIn(zone, -1))).toEqual([]);
    } finally {
      await admin.patch(`/api/user/${me.body.id}/settings`, { timezone: "UTC" });
    }
  });

  it("answers the payload variant and the categorized call with the same hits", async () => {
    const posted = await admin.post<Found>("/api/search", { searchWord: "flamingo", types: ["form_answer"] });
    expect(posted.status).toBe(200);
    expect(posted.body.results.map((hit) => hit.id)).toEqual([answerId]);
    const grouped = await admin.get<{ count: number; categories: Array<{ type: string; count: number }> }>(
      "/api/search/categorized?request=zebra",
    );
    expect(grouped.status).toBe(200);
    expect(grouped.body.categories).toEqual([expect.objectContaining({ type: "form", count: 1 })]);
  });

  it("pages through hits and keeps to the date range", async () => {
    const first = await search(admin, { request: "zebra", page: "2", pageSize: "20" });
    expect(first.body.results).toEqual([]);
    // A page past the last still says how many hits there are, as every page does.
    const all = await search(admin, { request: "zebra" });
    expect(all.body.count).toBeGreaterThan(0);
    expect(first.body.count).toBe(all.body.count);
    const old = await search(admin, { request: "zebra", dateFrom: "2018-01-01", dateTo: "2019-01-01" });
    expect(old.body.count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const current = await search(admin, { request: "zebra", types: "form", dateTo: today });
    expect(current.body.count).toBe(1);
  });
});

describe("a reader of selected fields", () => {
  let reader: ApiClient;

  beforeAll(async () => {
    const member = await addMember(server, accountId, "reader");
    const group = await groupWith(admin, "Story readers", [member.id], ["forms.view", "results.view"]);
    const granted = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["story"],
    });
    expect(granted.status).toBe(200);
    reader = member.api;
  });

  it("finds an answer through a field they may read, the excerpt from that field only", async () => {
    const found = await search(reader, { request: "flamingo", types: "form_answer" });
    expect(found.body.results.map((hit) => hit.id)).toEqual([answerId]);
    expect(found.body.results[0]?.excerpt).not.toMatch(/xylophone|Aquamarine/);
  });

  it("never finds an answer through a field they may not read", async () => {
    expect((await search(reader, { request: "xylophone" })).body).toEqual({ count: 0, results: [] });
    expect((await search(reader, { request: "aquamarine" })).body.count).toBe(0);
  });

  it("are not shown a word they may not read by its absence: a NOT on it hides nothing from them", async () => {
    // The answer says "flamingo" where the reader may read, "xylophone" where not. Were the NOT
    // checked on the whole answer, its hit would vanish, and tell them what the hidden field says.
    const found = await search(reader, { request: "flamingo -xylophone", types: "form_answer" });
    expect(found.body.results.map((hit) => hit.id)).toEqual([answerId]);
    const categorized = await reader.request<{ count: number }>(
      "GET",
      `/api/search/categorized?${new URLSearchParams({ request: "flamingo -xylophone", types: "form_answer" })}`,
    );
    expect(categorized.body.count).toBe(1);
    // A NOT on a word they may read still works for them.
    expect((await search(reader, { request: "flamingo -flamingo", types: "form_answer" })).body.count).toBe(
      0,
    );
  });

  it("orders their hits by what they may read, so the order tells nothing of the rest", async () => {
    // Both answers say "pelican" where the reader may read; the earlier also says "quokka" where not.
    const earlier = await submitAnswers(server.api, formId, [
      { fieldId: "story", answer: "A pelican." },
      { fieldId: "secret", answer: "quokka quokka quokka" },
    ]);
    const later = await submitAnswers(server.api, formId, [
      { fieldId: "story", answer: "A pelican." },
      { fieldId: "secret", answer: "nothing" },
    ]);
    await server.database.db.execute(
      sql`update form_answers set submit_time = submit_time - interval '1 minute' where id = ${earlier}`,
    );
    const order = async (api: ApiClient) =>
      (await search(api, { request: "pelican or quokka", types: "form_answer" })).body.results.map(
        (hit) => hit.id,
      );
    expect(await order(admin)).toEqual([earlier, later]);
    // Equal on what the reader may read: the newer first, as every tie is broken.
    expect(await order(reader)).toEqual([later, earlier]);
  });

  it("finds no answers at all without the right to view results", async () => {
    const outsider = await addMember(server, accountId, "nobody");
    expect((await search(outsider.api, { request: "flamingo" })).body.count).toBe(0);
  });
});

describe("the search's refusals (forms.md §5)", () => {
  it("asks for more than 2 characters", async () => {
    const short = await search(admin, { request: "ab" });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: "search.too_short" });
    const posted = await admin.post("/api/search", { searchWord: " a " });
    expect(posted.body).toMatchObject({
      code: "search.too_short",
      validationErrors: [{ field: "searchWord" }],
    });
  });

  it("refuses a FROM date later than the TO date with the spec's words", async () => {
    const response = await search(admin, { request: "zebra", dateFrom: "2024-05-02", dateTo: "2024-05-01" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: "search.dates",
      message: "Date FROM can not be later than date TO!",
    });
  });

  it("refuses unknown types and dates that are not dates", async () => {
    expect((await search(admin, { request: "zebra", types: "form,planet" })).body).toMatchObject({
      code: "search.type.invalid",
    });
    expect((await search(admin, { request: "zebra", dateFrom: "yesterday" })).body).toMatchObject({
      code: "search.date.invalid",
    });
    // Dates the database would refuse, or read as another day, are refused as dates.
    for (const day of ["10000-01-01", "-000001-01-01", "2020-02-31", "2020-13-01"])
      expect((await search(admin, { request: "zebra", dateTo: day })).body, day).toMatchObject({
        code: "search.date.invalid",
      });
  });

  it("refuses someone without an account with the spec's words", async () => {
    const tokens = await registerUser(server.api, "loner");
    const response = await search(server.api.as(tokens.token), { request: "zebra" });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: "search.account_required",
      message: "You cannot use search while you do not have an account!",
    });
    expect((await search(server.api, { request: "zebra" })).status).toBe(401);
  });
});
