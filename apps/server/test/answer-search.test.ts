import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, startWithAccount, type TestServer } from "./harness.ts";

/** The results table's search, as the reader sees the answers: choices by their titles. */

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  ({ server, api: admin } = await startWithAccount("answer-search"));
});
afterAll(() => server.close());

interface Page {
  answerList: Array<{ id: number }>;
}

/** The ids of a form's submissions the results table finds with these filters, lowest first. */
async function foundIn(formId: number, filters: object): Promise<number[]> {
  const query = encodeURIComponent(JSON.stringify(filters));
  const page = await admin.get<Page>(`/api/forms/${formId}/answer/paginated/1/10?filters=${query}`);
  return page.body.answerList.map((row) => row.id).sort((a, b) => a - b);
}

describe("searching answers", () => {
  it("finds a choice by the title the reader sees: one option, several, or a matrix row's", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Where did you hear of us?",
      fields: [
        {
          id: "source",
          fieldType: "radio",
          question: "Source",
          fieldSettings: {
            answerVariants: [
              { id: "v1", title: "A friend" },
              { id: "v2", title: "Search engine" },
            ],
          },
        },
        {
          id: "extras",
          fieldType: "checkbox",
          question: "Extras",
          fieldSettings: {
            answerVariants: [
              { id: "x1", title: "Parking" },
              { id: "x2", title: "Wheelchair access" },
            ],
          },
        },
        {
          id: "grid",
          fieldType: "matrix",
          question: "Rate",
          fieldSettings: {
            questions: [
              { id: "food", question: "Food" },
              { id: "drinks", question: "Drinks", multiple: true },
            ],
            answerVariants: [
              { id: "m1", title: "Poor" },
              { id: "m2", title: "Excellent" },
            ],
          },
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.form.id;
    const post = (answers: Array<{ fieldId: string; answer: unknown }>) =>
      server.api.post<{ id: number }>("/api/forms/answer", { formId: id, answers });
    const byEngine = (await post([{ fieldId: "source", answer: "v2" }])).body.id;
    const byFriend = (
      await post([
        { fieldId: "source", answer: "v1" },
        { fieldId: "extras", answer: ["x1", "x2"] },
        { fieldId: "grid", answer: { food: "m2" } },
      ])
    ).body.id;
    // A row of several choices answered with none is not shown as rated.
    const byPoor = (await post([{ fieldId: "grid", answer: { food: "m1", drinks: [] } }])).body.id;
    const found = (search: string) => foundIn(id, { search });
    expect(await found("search eng")).toEqual([byEngine]);
    expect(await found("WHEELCHAIR")).toEqual([byFriend]);
    expect(await found("excellent")).toEqual([byFriend]);
    expect(await found("a friend")).toEqual([byFriend]);
    // A matrix row's title, as its cell shows it beside the choice ("Food: Excellent"), for the
    // answers that rated that row.
    expect(await found("FOOD")).toEqual([byFriend, byPoor]);
    expect(await found("drinks")).toEqual([]);
    expect(await found("nobody chose this")).toEqual([]);
  });

  it("finds a matching-pairs answer by either side's title, as the table shows it", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Capitals",
      fields: [
        {
          id: "pairs",
          fieldType: "correspondence",
          question: "Match each country to its capital",
          fieldSettings: {
            answerVariants: [
              { id: "c1", title: "Norway", matchId: "k1" },
              { id: "c2", title: "Peru", matchId: "k2" },
            ],
            matches: [
              { id: "k1", title: "Oslo" },
              { id: "k2", title: "Lima" },
            ],
          },
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.form.id;
    const post = async (answer: Record<string, string>) =>
      (
        await server.api.post<{ id: number }>("/api/forms/answer", {
          formId: id,
          answers: [{ fieldId: "pairs", answer }],
        })
      ).body.id;
    const norway = await post({ c1: "k1" });
    const peru = await post({ c2: "k2" });
    expect(await foundIn(id, { search: "norway" })).toEqual([norway]);
    expect(await foundIn(id, { search: "Lima" })).toEqual([peru]);
    expect(await foundIn(id, { search: "k1" })).toEqual([]);
  });

  it("filters a question by the value the reader sees: a number, a matrix row's choice, an option's title", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Stay",
      fields: [
        { id: "stars", fieldType: "rate", question: "Stars" },
        { id: "nights", fieldType: "number", question: "Nights" },
        {
          id: "grid",
          fieldType: "matrix",
          question: "Rate",
          fieldSettings: {
            questions: [{ id: "food", question: "Food" }],
            answerVariants: [
              { id: "m1", title: "Poor" },
              { id: "m2", title: "Excellent" },
            ],
          },
        },
        {
          id: "source",
          fieldType: "radio",
          question: "Source",
          fieldSettings: { answerVariants: [{ id: "v1", title: "A friend" }] },
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.form.id;
    const post = async (answers: Array<{ fieldId: string; answer: unknown }>) =>
      (await server.api.post<{ id: number }>("/api/forms/answer", { formId: id, answers })).body.id;
    const full = await post([
      { fieldId: "stars", answer: 5 },
      { fieldId: "nights", answer: 12 },
      { fieldId: "grid", answer: { food: "m2" } },
      { fieldId: "source", answer: "v1" },
    ]);
    await post([
      { fieldId: "stars", answer: 3 },
      { fieldId: "nights", answer: 1.5 },
      { fieldId: "grid", answer: { food: "m1" } },
    ]);
    const found = (filter: { fieldId: string; op: string; value: string }) =>
      foundIn(id, { fields: [filter] });
    expect(await found({ fieldId: "stars", op: "equals", value: "5" })).toEqual([full]);
    expect(await found({ fieldId: "nights", op: "equals", value: "12" })).toEqual([full]);
    expect(await found({ fieldId: "grid", op: "equals", value: "m2" })).toEqual([full]);
    expect(await found({ fieldId: "source", op: "contains", value: "friend" })).toEqual([full]);
    expect(await found({ fieldId: "nights", op: "equals", value: "2" })).toEqual([]);
  });

  it("finds what the table shows, never an option's stored id or the mark of Other", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Preferences",
      fields: [
        {
          id: "rank",
          fieldType: "sortable",
          question: "Rank",
          fieldSettings: {
            answerVariants: [
              { id: "k1", title: "Sun" },
              { id: "k2", title: "Rain" },
            ],
          },
        },
        {
          id: "colour",
          fieldType: "radio",
          question: "Colour",
          fieldSettings: { answerVariants: [{ id: "c1", title: "Red" }], hasOtherVariant: true },
        },
        { id: "day", fieldType: "dateTime", question: "Day" },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.form.id;
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: id,
      answers: [
        { fieldId: "rank", answer: ["k2", "k1"] },
        { fieldId: "colour", answer: "other:Purple, dark" },
        { fieldId: "day", answer: "2026-11-30" },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    const found = (search: string) => foundIn(id, { search });
    expect(await found("k2")).toEqual([]);
    expect(await found("other")).toEqual([]);
    expect(await found("purple, D")).toEqual([sent.body.id]);
    expect(await found("rain")).toEqual([sent.body.id]);
    expect(await found("30.11.2026")).toEqual([sent.body.id]);
    expect(await found("30-11-2026")).toEqual([sent.body.id]);
    expect(await found("2026-11-30")).toEqual([sent.body.id]);
  });

  it("filters a choice by its Other, whatever the respondent wrote there", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Pets",
      fields: [
        {
          id: "pet",
          fieldType: "radio",
          question: "Pet",
          fieldSettings: { answerVariants: [{ id: "dog", title: "Dog" }], hasOtherVariant: true },
        },
        {
          id: "extras",
          fieldType: "checkbox",
          question: "Extras",
          fieldSettings: { answerVariants: [{ id: "toy", title: "Toy" }], hasOtherVariant: true },
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.form.id;
    const post = async (answers: Array<{ fieldId: string; answer: unknown }>) =>
      (await server.api.post<{ id: number }>("/api/forms/answer", { formId: id, answers })).body.id;
    const dog = await post([
      { fieldId: "pet", answer: "dog" },
      { fieldId: "extras", answer: ["toy"] },
    ]);
    const parrot = await post([
      { fieldId: "pet", answer: "other:Parrot" },
      { fieldId: "extras", answer: ["toy", "other:Cage"] },
    ]);
    const newt = await post([{ fieldId: "pet", answer: "other:Newt" }]);
    const equal = (fieldId: string, value: string) =>
      foundIn(id, { fields: [{ fieldId, op: "equals", value }] });
    expect(await equal("pet", "other:")).toEqual([parrot, newt]);
    expect(await equal("extras", "other:")).toEqual([parrot]);
    expect(await equal("pet", "dog")).toEqual([dog]);
  });

  it("finds a date as the table writes it, and a matrix cell as Row: Choice", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Visits",
      fields: [
        { id: "day", fieldType: "dateTime", question: "Visit date", fieldSettings: { dateTimeMode: "date" } },
        { id: "at", fieldType: "dateTime", question: "Arrival", fieldSettings: { dateTimeMode: "datetime" } },
        {
          id: "grid",
          fieldType: "matrix",
          question: "Rate us",
          fieldSettings: {
            questions: [
              { id: "food", question: "Food" },
              { id: "service", question: "Q2: Service" },
            ],
            answerVariants: [
              { id: "bad", title: "Bad" },
              { id: "good", title: "Good" },
            ],
          },
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.form.id;
    const post = async (answers: Array<{ fieldId: string; answer: unknown }>) => {
      const sent = await server.api.post<{ id: number }>("/api/forms/answer", { formId: id, answers });
      expect(sent.status, sent.text).toBe(201);
      return sent.body.id;
    };
    const march = await post([
      { fieldId: "day", answer: "2024-03-05" },
      { fieldId: "at", answer: "2024-03-05T09:30" },
      { fieldId: "grid", answer: { food: "good", service: "bad" } },
    ]);
    const may = await post([
      { fieldId: "day", answer: "2024-05-03" },
      { fieldId: "at", answer: "2024-05-03T18:00" },
      { fieldId: "grid", answer: { food: "bad", service: "good" } },
    ]);
    const contains = (fieldId: string, value: string) =>
      foundIn(id, { fields: [{ fieldId, op: "contains", value }] });
    expect(await contains("day", "05.03.2024")).toEqual([march]);
    expect(await contains("day", "5.3.2024")).toEqual([march]);
    expect(await contains("day", "2024-03-05")).toEqual([march]);
    expect(await contains("day", "03.2024")).toEqual([march]);
    expect(await contains("at", "05.03.2024 09:30")).toEqual([march]);
    expect(await contains("at", "03.05.2024")).toEqual([may]);
    expect(await contains("grid", "Food: Good")).toEqual([march]);
    expect(await contains("grid", "service: good")).toEqual([may]);
    expect(await contains("grid", "Q2: Service: Bad")).toEqual([march]);
    expect(await contains("grid", "Good")).toEqual([march, may]);
  });

  it("refuses a filter holding text no database keeps with its code, for submissions and partial responses alike", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Odd filters",
      fields: [{ id: "name", fieldType: "text", question: "Name" }],
    });
    // JSON's escapes of U+0000 and of half a surrogate pair, as a filter's text carries them.
    for (const filters of ['{"result":"\\u0000"}', '{"tags":["\\u0000"]}', '{"search":"a\\ud800"}']) {
      for (const status of ["", "&status=partial"]) {
        const refused = await admin.get(
          `/api/forms/${created.body.form.id}/answer/paginated/1/10?filters=${encodeURIComponent(filters)}${status}`,
        );
        expect(refused.status, `${filters}${status}`).toBe(400);
        expect(refused.body).toMatchObject({ code: "request.invalid_characters" });
      }
    }
  });
});
