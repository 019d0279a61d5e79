import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formAnswers } from "../src/db/schema.ts";
import { XLS_TEXT_LIMIT } from "../src/features/exports/writers.ts";
import { byHeader, download, readWithLibreOffice, readWithPspp } from "./export-readers.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { until } from "./http-receiver.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;

const variant = (id: string, title: string, checkValue = false) => ({ id, title, value: id, checkValue });

/** A calculation form with a question of each kind an export treats differently. */
const form = {
  title: "Отзыв о курсе: <b>2026</b>",
  type: "calculation",
  fields: [
    { id: "name", fieldType: "text", question: "Your <i>name</i>", formulaName: "full_name" },
    { id: "story", fieldType: "textarea", question: "Что понравилось?" },
    { id: "age", fieldType: "number", question: "Age" },
    { id: "nps", fieldType: "nps", question: "Would you recommend us?" },
    {
      id: "color",
      fieldType: "radio",
      question: "Favourite colour",
      calcSettings: { calcType: "check_values", points: 5 },
      fieldSettings: {
        answerVariants: [variant("red", "Red", true), variant("blue", "Blue")],
        hasOtherVariant: true,
      },
    },
    {
      id: "langs",
      fieldType: "checkbox",
      question: "Languages",
      fieldSettings: {
        answerVariants: [variant("en", "English"), variant("de", "German"), variant("fr", "French")],
      },
    },
    {
      id: "grid",
      fieldType: "matrix",
      question: "Rate the parts",
      fieldSettings: {
        answerVariants: [variant("bad", "Bad"), variant("good", "Good")],
        questions: [
          { id: "r1", question: "Lectures" },
          { id: "r2", question: "Homework" },
        ],
      },
    },
    { id: "agree", fieldType: "decisionBox", question: "I agree" },
    { id: "when", fieldType: "dateTime", question: "Start date" },
    { id: "upload", fieldType: "file", question: "Your CV" },
  ],
};

const LONG_TEXT = "Очень длинный ответ. ".repeat(40);

beforeAll(async () => {
  server = await startTestServer({ EXPORT_JOB_THRESHOLD: "3", EXPORT_POLL_MS: "100" });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "exports"));
  const created = await admin.post<{ form: { id: number } }>("/api/forms", form);
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
  const submissions = [
    [
      { fieldId: "name", answer: '=HYPERLINK("http://evil")' },
      { fieldId: "story", answer: "Привет, мир" },
      { fieldId: "age", answer: 42.5 },
      { fieldId: "nps", answer: 9 },
      { fieldId: "color", answer: "other:Teal" },
      { fieldId: "langs", answer: ["en", "de"] },
      { fieldId: "grid", answer: { r1: "good", r2: "bad" } },
      { fieldId: "agree", answer: true },
      { fieldId: "when", answer: "2026-05-04" },
    ],
    [
      { fieldId: "name", answer: "+1 555 0100" },
      { fieldId: "story", answer: LONG_TEXT },
      { fieldId: "nps", answer: 0 },
      { fieldId: "color", answer: "red" },
      { fieldId: "langs", answer: [] },
      { fieldId: "agree", answer: false },
    ],
  ];
  for (const answers of submissions) {
    const sent = await server.api.post("/api/forms/answer", { formId, answers, formPassingTime: 61 });
    expect(sent.status, sent.text).toBe(201);
  }
  // A submission with an uploaded file and an answer to a question since deleted: set up in the
  // database, as an upload needs a browser's multipart call the export does not care about.
  await server.database.db.insert(formAnswers).values({
    accountId,
    formId,
    answers: [
      { fieldId: "name", answer: "@mention", formulaName: "full_name" },
      {
        fieldId: "upload",
        answer: [
          {
            id: "f1",
            url: `/api/forms/${formId}/files/f1`,
            name: "cv.pdf",
            size: 10,
            mimeType: "application/pdf",
          },
        ],
        formulaName: "",
      },
      { fieldId: "gone", answer: "kept answer", formulaName: "old_question" },
    ],
    device: { type: "mobile", os: "Android 14", browser: "Firefox 128", language: "it-IT", platform: "arm" },
    geo: {
      country: "IT",
      region: "62",
      city: "Rome",
      timeZone: "Europe/Rome",
      latitude: 41.9,
      longitude: 12.5,
    },
  });
});
afterAll(() => server.close());

const exportUrl = (format: string, query = "") => `/api/forms/${formId}/answers/export/${format}${query}`;

describe("exporting results to spreadsheets", () => {
  for (const format of ["xlsx", "xls", "csv"] as const) {
    it(`writes a ${format.toUpperCase()} file LibreOffice reads: every answer as text, formulas never run`, async () => {
      const file = await download(server, admin, exportUrl(format));
      expect(file.status, file.bytes.toString()).toBe(200);
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="Otzyv_o_kurse_2026.${format}"`,
      );
      expect(file.headers.get("content-type")).toContain(
        { csv: "text/csv", xls: "application/vnd.ms-excel", xlsx: "spreadsheetml" }[format],
      );
      const table = byHeader(await readWithLibreOffice(file.bytes, format));
      expect(table.header).toEqual(
        expect.arrayContaining([
          "#",
          "Submitted",
          "Your name",
          "Что понравилось?",
          "Rate the parts: Lectures",
          "Rate the parts: Homework",
          "Answers to deleted questions",
          "Score",
          "Result",
          "Read",
          "Device",
          "Country",
        ]),
      );
      expect(table.body).toHaveLength(3);
      // Formula-like texts stay texts, never evaluated (an evaluated HYPERLINK would read
      // http://evil): a spreadsheet's text cells keep them as typed; CSV, which has no types,
      // writes them behind a quote.
      const quote = format === "csv" ? "'" : "";
      expect(table.cell(0, "Your name")).toBe(`${quote}=HYPERLINK("http://evil")`);
      expect(table.cell(1, "Your name")).toBe(`${quote}+1 555 0100`);
      expect(table.cell(2, "Your name")).toBe(`${quote}@mention`);
      expect(table.cell(0, "Что понравилось?")).toBe("Привет, мир");
      // LibreOffice drops a spreadsheet text's trailing space.
      expect(table.cell(1, "Что понравилось?")?.trimEnd()).toBe(LONG_TEXT.trim());
      expect(Number(table.cell(0, "Age"))).toBe(42.5);
      expect(table.cell(1, "Age")).toBe("");
      expect(table.cell(1, "Would you recommend us?")).toBe("0");
      expect(table.cell(0, "Favourite colour")).toBe("Teal");
      expect(table.cell(1, "Favourite colour")).toBe("Red");
      expect(table.cell(0, "Languages")).toBe("English, German");
      expect(table.cell(0, "Rate the parts: Lectures")).toBe("Good");
      expect(table.cell(0, "Rate the parts: Homework")).toBe("Bad");
      expect(table.cell(0, "I agree")).toBe("Yes");
      expect(table.cell(0, "Start date")).toBe("04.05.2026");
      expect(table.cell(2, "Your CV")).toBe(`cv.pdf (http://localhost:3000/api/forms/${formId}/files/f1)`);
      expect(table.cell(2, "Answers to deleted questions")).toBe("old_question: kept answer");
      expect(Number(table.cell(1, "Score"))).toBe(5);
      expect(table.cell(0, "Read")).toBe("Unread");
      expect(table.cell(2, "Device")).toBe("mobile");
      expect(table.cell(2, "Language")).toBe("it-IT");
      expect(table.cell(2, "Country")).toBe("IT");
      expect(table.cell(2, "City")).toBe("Rome");
      expect(table.cell(0, "City")).toBe("");
      expect(table.cell(0, "Time spent, seconds")).toBe("61");
      expect(table.cell(0, "Submitted")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });
  }

  it("writes only the chosen data types, and refuses an export with none", async () => {
    const none = await admin.get(exportUrl("csv", "?settings="));
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("export.data_types.required");
    const unknown = await admin.get(exportUrl("csv", "?settings=answers,secrets"));
    expect(unknown.body.code).toBe("export.data_types.unknown");
    const timing = await download(
      server,
      admin,
      exportUrl("csv", "?settings=timing&table_name=Only%20times"),
    );
    expect(timing.headers.get("content-disposition")).toBe('attachment; filename="Only_times.csv"');
    const table = byHeader(await readWithLibreOffice(timing.bytes, "csv"));
    expect(table.header).toEqual(["#", "Started", "Submitted", "Time spent, seconds"]);
  });

  it("keeps the markup of titles when plain_text is off", async () => {
    const file = await download(server, admin, exportUrl("csv", "?settings=answers&plain_text=false"));
    const table = byHeader(await readWithLibreOffice(file.bytes, "csv"));
    expect(table.header).toContain("Your <i>name</i>");
  });
});

describe("an answer longer than an old Excel cell's text", () => {
  it("is written whole to XLSX and CSV, and cut with an ellipsis in XLS, without holding the server", async () => {
    const made = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Essays",
      fields: [
        { id: "essay", fieldType: "textarea", question: "Your essay" },
        { id: "grant", fieldType: "number", question: "Grant asked" },
      ],
    });
    expect(made.status, made.text).toBe(201);
    const essay = `${"Ж".repeat(3000)}${"x".repeat(3000)}`;
    const sent = await server.api.post("/api/forms/answer", {
      formId: made.body.form.id,
      answers: [
        { fieldId: "essay", answer: essay },
        { fieldId: "grant", answer: 1_000_000.5 },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    const url = (format: string) => `/api/forms/${made.body.form.id}/answers/export/${format}`;
    const xls = await download(server, admin, url("xls"));
    expect(xls.status).toBe(200);
    const cell = byHeader(await readWithLibreOffice(xls.bytes, "xls")).cell(0, "Your essay") ?? "";
    expect(cell).toHaveLength(XLS_TEXT_LIMIT);
    expect(cell).toBe(`${essay.slice(0, XLS_TEXT_LIMIT - 1)}…`);
    for (const format of ["xlsx", "csv"] as const) {
      const file = await download(server, admin, url(format));
      expect(byHeader(await readWithLibreOffice(file.bytes, format)).cell(0, "Your essay")).toBe(essay);
    }
    expect((await server.api.get("/api/health")).status).toBe(200);
    // SPSS shows a large number with all its digits, not rounded to fit a narrow column.
    const sav = await readWithPspp((await download(server, admin, url("sav"))).bytes);
    expect(sav.cases.flat()).toContain("1000000.50");
  });
});

describe("exporting results to SPSS", () => {
  it("writes a .sav file PSPP reads with variable labels, value labels and system-missing numbers", async () => {
    const file = await download(server, admin, exportUrl("sav"));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="Otzyv_o_kurse_2026.sav"');
    const { variables, valueLabels, cases } = await readWithPspp(file.bytes);
    const named = new Map(variables.map((row) => [row[0]!, row]));
    // Names: valid, unique, from formula names or transliterated titles.
    expect(named.get("full_name")?.[2]).toBe("Your name");
    expect(named.get("Chto_ponravilos")?.[2]).toBe("Что понравилось?");
    // A text over 255 bytes is a "very long string", stored in segments PSPP joins again.
    expect(named.get("Chto_ponravilos")?.[7]).toBe(`A${Buffer.byteLength(LONG_TEXT)}`);
    expect(named.get("submitted")?.[7]).toBe("DATETIME20.0");
    expect(named.get("Favourite_colour")?.[2]).toBe("Favourite colour");
    // Coded choices are nominal, numbers scale.
    expect(named.get("Favourite_colour")?.[3]).toBe("Nominal");
    expect(named.get("Age")?.[3]).toBe("Scale");
    expect(named.get("Languages_1")?.[2]).toBe("Languages: English");
    // Value labels of the single choice (with Other), a matrix row and a yes/no box.
    const labelsOf = (label: string) => {
      const start = valueLabels.findIndex((row) => row[0] === label);
      const rows = [valueLabels[start]!];
      for (let i = start + 1; i < valueLabels.length && valueLabels[i]![0] === ""; i++)
        rows.push(valueLabels[i]!);
      return rows.map((row) => [row[1], row[2]]);
    };
    expect(labelsOf("Favourite colour")).toEqual([
      ["1", "Red"],
      ["2", "Blue"],
      ["3", "Other"],
    ]);
    expect(labelsOf("Rate the parts: Lectures")).toEqual([
      ["1", "Bad"],
      ["2", "Good"],
    ]);
    expect(labelsOf("I agree")).toEqual([
      ["0", "No"],
      ["1", "Yes"],
    ]);
    const [header, ...rows] = cases;
    const cell = (row: number, name: string) => rows[row]![header!.indexOf(name)]!.trim();
    expect(rows).toHaveLength(3);
    expect(cell(0, "full_name")).toBe('=HYPERLINK("http://evil")');
    expect(cell(0, "Age")).toBe("42.50");
    // Not answered is system-missing, never 0; a real 0 stays 0.
    expect(cell(1, "Age")).toBe(".");
    expect(cell(1, "Would_you_recommend_us")).toBe("0");
    expect(cell(0, "Favourite_colour")).toBe("3");
    expect(cell(0, "Favourite_colour_other")).toBe("Teal");
    expect(cell(1, "Favourite_colour")).toBe("1");
    expect(cell(0, "Languages_1")).toBe("1");
    expect(cell(0, "Languages_3")).toBe("0");
    expect(cell(2, "Languages_1")).toBe(".");
    expect(cell(0, "Rate_the_parts_1")).toBe("2");
    expect(cell(0, "I_agree")).toBe("1");
    // An unticked box is not stored as an answer: missing, like any question left empty.
    expect(cell(1, "I_agree")).toBe(".");
    expect(cell(1, "Chto_ponravilos")).toBe(LONG_TEXT.trim());
    expect(cell(2, "archived")).toBe("old_question: kept answer");
  });
});

describe("who may export", () => {
  it("gives a reader of selected fields only those fields, without totals", async () => {
    const member = await addMember(server, accountId, "reader");
    const group = await groupWith(admin, "Readers", [member.id], ["forms.view", "results.view"]);
    expect((await member.api.get(exportUrl("csv"))).status).toBe(403);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["age", "color"],
    });
    const file = await download(server, member.api, exportUrl("xlsx"));
    expect(file.status).toBe(200);
    const table = byHeader(await readWithLibreOffice(file.bytes, "xlsx"));
    expect(table.header).toContain("Age");
    expect(table.header).toContain("Favourite colour");
    for (const hidden of ["Your name", "Languages", "Score", "Result", "Answers to deleted questions"])
      expect(table.header).not.toContain(hidden);
    expect(file.bytes.toString("latin1")).not.toContain("HYPERLINK");
    const sav = await readWithPspp((await download(server, member.api, exportUrl("sav"))).bytes);
    expect(sav.variables.map((row) => row[0])).not.toContain("full_name");
  });

  it("refuses another account and an anonymous caller", async () => {
    const { api: stranger } = await signUpWithAccount(server.api, "stranger");
    expect((await stranger.get(exportUrl("csv"))).status).toBe(404);
    expect((await server.api.get(exportUrl("csv"))).status).toBe(401);
  });
});

/**
 * Holds the user's export requests at the queue's lock (jobs.ts, enqueueExport) until `count` of
 * them wait there, so they reach the queue together: otherwise a slow machine may answer the
 * first, and the worker finish its small job, before the last arrives, which then rightly starts
 * another. On PostgreSQL only: the embedded database runs one transaction at a time, and the lock,
 * taken in the app's own session there, would hold nothing back.
 */
async function togetherAtTheQueue<T>(userId: number, count: number, send: () => Promise<T>): Promise<T> {
  if (server.database.engine === "pglite") return send();
  // Straight to the database, also when the server goes through a pooler: the lock is the session's.
  const direct = new URL(process.env.TEST_DATABASE_URL!);
  direct.pathname = new URL(server.settings.databaseUrl!).pathname;
  const client = new pg.Client({ connectionString: direct.toString() });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('export-jobs'), $1::int4)", [userId]);
    const sent = send();
    await until(
      async () =>
        (
          await client.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
          )
        ).rows[0]!.n,
      (waiting) => waiting >= count,
      "the requests waiting at the export queue",
    );
    await client.query("select pg_advisory_unlock(hashtext('export-jobs'), $1::int4)", [userId]);
    return await sent;
  } finally {
    await client.end();
  }
}

describe("large exports", () => {
  it("runs as a job with progress, then offers a download link that needs no sign-in", async () => {
    // One more submission puts the form over this server's threshold of 3.
    await server.api.post("/api/forms/answer", { formId, answers: [{ fieldId: "name", answer: "Dora" }] });
    // Asked for several times at once, it is one job.
    const userId = (await admin.get<{ id: number }>("/api/user")).body.id;
    const burst = await togetherAtTheQueue(userId, 4, () =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          admin.get<{ job: { id: number; state: string; total: number } }>(exportUrl("xlsx")),
        ),
      ),
    );
    const started = burst[0]!;
    expect(started.status, started.text).toBe(202);
    expect(started.body.job).toMatchObject({ total: 4 });
    expect(new Set(burst.map((response) => response.body.job.id)).size).toBe(1);
    const jobUrl = `/api/forms/${formId}/answers/export-jobs/${started.body.job.id}`;
    const job = await finishedJob(admin, jobUrl);
    expect(job).toMatchObject({ state: "done", done: 4 });
    const hours = (Date.parse(job.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThanOrEqual(48);
    // Another account neither sees the job nor may read it.
    const { api: stranger } = await signUpWithAccount(server.api, "stranger2");
    expect((await stranger.get(jobUrl)).status).toBe(404);
    const file = await download(server, server.api, job.downloadUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain(".xlsx");
    const table = byHeader(await readWithLibreOffice(file.bytes, "xlsx"));
    expect(table.body).toHaveLength(4);
    expect(table.cell(3, "Your name")).toBe("Dora");

    const wrong = await server.api.get(`${job.downloadUrl!.slice(0, -4)}AAAA`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Token not found, please login");
  });

  it("stops a download link once its maker may no longer read what it holds", async () => {
    const member = await addMember(server, accountId, "jobreader");
    const group = await groupWith(admin, "Job readers", [member.id], ["forms.view", "results.view"]);
    const grant = (level: string) =>
      admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, { level });
    await grant("all");
    const started = await member.api.get<{ job: { id: number } }>(exportUrl("csv"));
    expect(started.status, started.text).toBe(202);
    const job = await finishedJob(
      member.api,
      `/api/forms/${formId}/answers/export-jobs/${started.body.job.id}`,
    );
    const fetchLink = () => server.api.get(job.downloadUrl!);
    expect((await fetchLink()).status).toBe(200);
    await grant("none");
    const stopped = await fetchLink();
    expect(stopped.status).toBe(403);
    expect(stopped.body.code).toBe("export.access_withdrawn");
    await grant("all");
    expect((await fetchLink()).status).toBe(200);
    expect((await admin.post(`/api/account/users/${member.id}/remove`, {})).status).toBe(200);
    expect((await fetchLink()).status).toBe(403);
  });

  it("signs the links to files in a person's job, not in an external app's, which has its token", async () => {
    const fileId = "0123456789abcdef0123456789abcdef";
    const url = `/api/forms/${formId}/files/${fileId}`;
    await server.database.db.insert(formAnswers).values({
      accountId,
      formId,
      answers: [
        {
          fieldId: "upload",
          answer: [{ id: fileId, url, name: "signed.pdf", size: 10, mimeType: "application/pdf" }],
          formulaName: "",
        },
      ],
      device: { type: "desktop", os: "Linux", browser: "Firefox 128", language: "en", platform: "x86" },
    });
    const minted = await admin.post<{ token: string }>("/api/external-apps", {
      name: "Nightly copy",
      allowedIps: ["127.0.0.1"],
    });
    expect(minted.status, minted.text).toBe(201);
    const linkIn = async (client: ApiClient) => {
      const started = await client.get<{ job: { id: number } }>(exportUrl("csv"));
      expect(started.status, started.text).toBe(202);
      const job = await finishedJob(
        client,
        `/api/forms/${formId}/answers/export-jobs/${started.body.job.id}`,
      );
      const file = await download(server, server.api, job.downloadUrl!);
      return new RegExp(`signed\\.pdf \\(\\S*(${url}[^)\\s]*)\\)`).exec(file.bytes.toString())?.[1];
    };
    expect(await linkIn(server.api.as(minted.body.token))).toBe(url);
    expect(await linkIn(admin)).toMatch(new RegExp(`^${url}\\?link=`));
  });
});

interface FinishedJob {
  state: string;
  done: number;
  downloadUrl: string | null;
  expiresAt: string | null;
}

/** An export job once the worker is done with it (or after ten seconds, as it was then). */
async function finishedJob(client: ApiClient, jobUrl: string): Promise<FinishedJob> {
  let job: FinishedJob | undefined;
  for (let i = 0; i < 100; i++) {
    job = (await client.get<FinishedJob>(jobUrl)).body;
    if (job.state === "done" || job.state === "failed") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return job!;
}
