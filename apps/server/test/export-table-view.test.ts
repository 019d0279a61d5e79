import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byHeader, download, readWithLibreOffice, readWithPspp } from "./export-readers.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/**
 * An export takes the results table's view: its filters, order and chosen questions, with tags,
 * comments and scores, and it keeps that view when it runs as a job.
 */

let server: TestServer;
let admin: ApiClient;
let accountId: number;

const variant = (id: string, title: string, checkValue = false) => ({ id, title, value: id, checkValue });

beforeAll(async () => {
  server = await startTestServer({ EXPORT_JOB_THRESHOLD: "3", EXPORT_POLL_MS: "100" });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "export-view"));
});
afterAll(() => server.close());

describe("exports that follow the results table", () => {
  let quizId: number;
  const ids: Record<string, number> = {};
  const quizExport = (format: string, query: Record<string, string>) =>
    `/api/forms/${quizId}/answers/export/${format}?${new URLSearchParams(query)}`;
  const quizFilters = JSON.stringify({
    fields: [{ fieldId: "city", op: "equals", value: "Rome" }],
    tags: ["vip"],
  });

  beforeAll(async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Capitals",
      type: "calculation",
      fields: [
        { id: "who", fieldType: "text", question: "Name" },
        { id: "city", fieldType: "text", question: "Town" },
        {
          id: "capital",
          fieldType: "radio",
          question: "Capital of France",
          calcSettings: { calcType: "check_values", points: 2 },
          fieldSettings: { answerVariants: [variant("paris", "Paris", true), variant("lyon", "Lyon")] },
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    quizId = created.body.form.id;
    for (const [who, city, capital] of [
      ["Ann", "Rome", "paris"],
      ["Bob", "Oslo", "lyon"],
      ["Cid", "Rome", "paris"],
      ["Dee", "Rome", "lyon"],
      ["Eve", "Lima", "paris"],
    ] as const) {
      const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
        formId: quizId,
        answers: [
          { fieldId: "who", answer: who },
          { fieldId: "city", answer: city },
          { fieldId: "capital", answer: capital },
        ],
      });
      expect(sent.status, sent.text).toBe(201);
      ids[who] = sent.body.id;
    }
    const note = async (who: string, action: string, body: unknown) => {
      const done = await admin.post(`/api/forms/${quizId}/answers/${ids[who]}/${action}`, body);
      expect(done.status, done.text).toBe(200);
    };
    await note("Ann", "update-tags", { tags: ["vip"] });
    await note("Cid", "update-tags", { tags: ["vip", "late"] });
    await note("Dee", "update-tags", { tags: ["vip"] });
    await note("Ann", "update-comment", { field: "who", comment: "Checked by phone" });
    await note("Cid", "update-comment", { field: "capital", comment: "Guessed" });
    await note("Cid", "update-field-score", { field: "capital", score: 1.5 });
  });

  it("exports the rows the table's filters show, in its order, with the questions it shows", async () => {
    const query = { filters: quizFilters, sortBy: "submitTime", order: "desc" };
    const page = await admin.get<{ answerList: Array<{ id: number; number: number }>; total: number }>(
      `/api/forms/${quizId}/answer/paginated/1/50?${new URLSearchParams(query)}`,
    );
    expect(page.body.answerList.map((row) => row.id)).toEqual([ids.Dee, ids.Cid, ids.Ann]);

    // The table's columns, in the order the reader put them: the capital before the name.
    const file = await download(server, admin, quizExport("csv", { ...query, columns: "capital,who" }));
    expect(file.status, file.bytes.toString()).toBe(200);
    const table = byHeader(await readWithLibreOffice(file.bytes, "csv"));
    expect(table.body.map((row) => Number(row[table.header.indexOf("#")]))).toEqual(
      page.body.answerList.map((row) => row.number),
    );
    expect(table.header).toContain("Name");
    expect(table.header).not.toContain("Town");
    expect(table.header.indexOf("Capital of France")).toBeLessThan(table.header.indexOf("Name"));
    expect(table.cell(1, "Tags")).toBe("vip, late");
    expect(table.cell(2, "Comments")).toBe("Name: Checked by phone");
    expect(table.cell(1, "Comments")).toBe("Capital of France: Guessed");
    expect(Number(table.cell(2, "Points: Capital of France"))).toBe(2);
    expect(Number(table.cell(1, "Points: Capital of France"))).toBe(1.5);
    expect(Number(table.cell(0, "Points: Capital of France"))).toBe(0);
    expect(Number(table.cell(1, "Score"))).toBe(1.5);

    const sav = await readWithPspp((await download(server, admin, quizExport("sav", query))).bytes);
    const [header, ...cases] = sav.cases;
    expect(cases).toHaveLength(3);
    expect(cases[1]![header!.indexOf("tags")]!.trim()).toBe("vip, late");
    expect(Number(cases[1]![header!.indexOf("Capital_of_France_points")])).toBe(1.5);
  });

  it("refuses a filter or a column of a question the form does not have", async () => {
    const filter = await admin.get(
      quizExport("csv", {
        filters: JSON.stringify({ fields: [{ fieldId: "nope", op: "equals", value: "x" }] }),
      }),
    );
    expect(filter.status).toBe(400);
    expect(filter.body.code).toBe("answer.unknown_field");
    const column = await admin.get(quizExport("csv", { columns: "who,nope" }));
    expect(column.status).toBe(400);
    expect(column.body.code).toBe("answer.unknown_field");
  });

  it("gives a reader of selected fields their tags and comments, but no score and no other question's points", async () => {
    const member = await addMember(server, accountId, "quiz-reader");
    const group = await groupWith(admin, "Quiz readers", [member.id], ["forms.view", "results.view"]);
    await admin.request("PUT", `/api/forms/${quizId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["who"],
    });
    const file = await download(
      server,
      member.api,
      quizExport("xlsx", { filters: JSON.stringify({ tags: ["late"] }) }),
    );
    expect(file.status, file.bytes.toString()).toBe(200);
    const table = byHeader(await readWithLibreOffice(file.bytes, "xlsx"));
    expect(table.body).toHaveLength(1);
    expect(table.cell(0, "Name")).toBe("Cid");
    expect(table.cell(0, "Tags")).toBe("vip, late");
    for (const hidden of ["Score", "Result", "Points: Capital of France", "Capital of France", "Town"])
      expect(table.header).not.toContain(hidden);
    expect(table.cell(0, "Comments")).toBe("");
    expect(file.bytes.toString("latin1")).not.toContain("Guessed");
    // Nor may the reader narrow the rows by what they may not see.
    const byCity = await member.api.get(
      quizExport("csv", {
        filters: JSON.stringify({ fields: [{ fieldId: "city", op: "equals", value: "Rome" }] }),
      }),
    );
    expect(byCity.status).toBe(403);
    const sortedByCity = await member.api.get(quizExport("csv", { sortBy: "answer:city", order: "asc" }));
    expect(sortedByCity.status).toBe(403);
  });

  it("keeps the table's view in an export that runs as a job", async () => {
    await admin.request("PATCH", `/api/forms/${quizId}/answer/status/read`, { answerIds: [ids.Bob] });
    const started = await admin.get<{ job: { id: number; total: number } }>(
      quizExport("xlsx", { isViewed: "false", sortBy: "number", order: "desc" }),
    );
    expect(started.status, started.text).toBe(202);
    expect(started.body.job.total).toBe(4);
    const jobUrl = `/api/forms/${quizId}/answers/export-jobs/${started.body.job.id}`;
    let job: { state: string; downloadUrl: string | null } | undefined;
    for (let i = 0; i < 100; i++) {
      job = (await admin.get<NonNullable<typeof job>>(jobUrl)).body;
      if (job.state === "done" || job.state === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job?.state).toBe("done");
    const table = byHeader(
      await readWithLibreOffice((await download(server, server.api, job!.downloadUrl!)).bytes, "xlsx"),
    );
    expect(table.body.map((row) => row[table.header.indexOf("Name")])).toEqual(["Eve", "Dee", "Cid", "Ann"]);
  });
});

describe("column titles", () => {
  it("tell apart a question and a column of the product that share a title", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Feedback",
      fields: [
        { id: "comments", fieldType: "text", question: "Comments" },
        { id: "country", fieldType: "text", question: "Country" },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const formId = created.body.form.id;
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "comments", answer: "Lovely staff" },
        { fieldId: "country", answer: "Portugal" },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    const noted = await admin.post(`/api/forms/${formId}/answers/${sent.body.id}/update-comment`, {
      field: "comments",
      comment: "Forwarded to the team",
    });
    expect(noted.status, noted.text).toBe(200);
    for (const format of ["csv", "xlsx"] as const) {
      const file = await download(server, admin, `/api/forms/${formId}/answers/export/${format}`);
      expect(file.status).toBe(200);
      const table = byHeader(await readWithLibreOffice(file.bytes, format));
      expect(new Set(table.header).size, table.header.join(" | ")).toBe(table.header.length);
      // The author's question keeps its title; the product's own column is told apart.
      expect(table.cell(0, "Comments")).toBe("Lovely staff");
      expect(table.cell(0, "Country")).toBe("Portugal");
      expect(table.body[0]).toContain("Comments: Forwarded to the team");
    }
  });
});
