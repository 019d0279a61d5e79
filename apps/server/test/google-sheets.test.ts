import type { TExportJob, TGoogleAccount } from "@formloom/core/api/exports";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formAnswers, googleAuthorizations, googleConnections } from "../src/db/schema.ts";
import { type FakeGoogle, startFakeGoogle } from "./fake-google.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let google: FakeGoogle;
let server: TestServer;
let admin: ApiClient;
let adminId: number;
let accountId: number;
let formId: number;

const RETURN_TO = "/forms/7/results?export=google_sheets";
const SUBMISSIONS = 2_300;

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer({ ...google.env, EXPORT_POLL_MS: "100" });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "sheets"));
  adminId = (await admin.get<{ id: number }>("/api/user")).body.id;
  const created = await admin.post<{ form: { id: number } }>("/api/forms", {
    title: "Course <b>feedback</b>",
    fields: [
      { id: "name", fieldType: "text", question: "Your name" },
      { id: "age", fieldType: "number", question: "Age" },
      {
        id: "color",
        fieldType: "radio",
        question: "Favourite colour",
        fieldSettings: {
          answerVariants: [
            { id: "red", title: "Red", value: "1" },
            { id: "blue", title: "Blue", value: "2" },
          ],
          hasOtherVariant: true,
        },
      },
    ],
  });
  formId = created.body.form.id;
  // More submissions than one batch reads, with texts a spreadsheet would otherwise run.
  const texts = ['=HYPERLINK("http://evil")', "+1 555 0100", "Привет,\nмир", "plain", "@mention"];
  await server.database.db.insert(formAnswers).values(
    Array.from({ length: SUBMISSIONS }, (_, index) => ({
      accountId,
      formId,
      device: {},
      answers: [
        { fieldId: "name", answer: texts[index % texts.length]! },
        ...(index % 3 === 0 ? [] : [{ fieldId: "age", answer: 20 + (index % 50) + 0.5 }]),
        { fieldId: "color", answer: index % 4 === 0 ? "other:Teal" : "red" },
      ],
    })),
  );
}, 120_000);
afterAll(async () => {
  await server.close();
  await google.close();
});

const exportUrl = (query = "") =>
  `/api/forms/${formId}/answers/export/csv?google_spreadsheet=true&settings=answers,timing,read${query}`;

/** Goes through the consent as a browser would: the login address, Google's page, the way back. */
async function connect(client: ApiClient, returnTo = RETURN_TO): Promise<string> {
  const login = await client.get<{ url: string }>(
    `/api/user/google-api-login?return_to=${encodeURIComponent(returnTo)}`,
  );
  expect(login.status, login.text).toBe(200);
  const consent = await fetch(login.body.url, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const done = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: "manual" });
  expect(done.status).toBe(303);
  return done.headers.get("location")!;
}

async function finished(client: ApiClient, job: TExportJob): Promise<TExportJob> {
  let current = job;
  await expect
    .poll(
      async () => {
        current = (await client.get<TExportJob>(`/api/forms/${formId}/answers/export-jobs/${job.id}`)).body;
        return current.state;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toMatch(/done|failed/);
  return current;
}

async function exportToSheets(client: ApiClient, query = ""): Promise<TExportJob> {
  const started = await client.get<{ job: TExportJob }>(exportUrl(query));
  expect(started.status, started.text).toBe(202);
  expect(started.body.job.destination).toBe("google_sheets");
  return finished(client, started.body.job);
}

const sheetOf = (job: TExportJob) => {
  const id = /\/spreadsheets\/d\/([^/]+)\/edit$/.exec(job.sheetUrl ?? "")?.[1];
  return google.sheets.get(id ?? "")!;
};

describe("connecting a Google account", () => {
  it("says when nothing is connected and refuses the export", async () => {
    const status = await admin.get<TGoogleAccount>("/api/user/google-account");
    expect(status.body).toMatchObject({ configured: true, connected: false });
    const refused = await admin.get(exportUrl());
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "export.google.not_connected" });
  });

  it("asks for the spreadsheets scope with a state and a PKCE challenge, and takes each state once", async () => {
    const login = await admin.get<{ url: string }>(`/api/user/google-api-login?return_to=${RETURN_TO}`);
    const consent = new URL(login.body.url);
    expect(consent.origin).toBe(google.url);
    expect(consent.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/spreadsheets");
    expect(consent.searchParams.get("code_challenge_method")).toBe("S256");
    expect(consent.searchParams.get("state")).toMatch(/^[\w-]{40,}$/);
    const back = new URL((await fetch(login.body.url, { redirect: "manual" })).headers.get("location")!);

    // A state the server did not give out connects nothing.
    const forged = new URL(back);
    forged.searchParams.set("state", "forged-state-value-that-nobody-issued-0000");
    const refused = await fetch(`${server.url}${forged.pathname}${forged.search}`, { redirect: "manual" });
    expect(refused.headers.get("location")).toBe("/?google=failed");
    expect((await admin.get<TGoogleAccount>("/api/user/google-account")).body.connected).toBe(false);

    // The real one, sent twice at once: one exchange, one connection.
    const [first, second] = await Promise.all(
      [1, 2].map(() => fetch(`${server.url}${back.pathname}${back.search}`, { redirect: "manual" })),
    );
    const locations = [first!.headers.get("location"), second!.headers.get("location")].sort();
    expect(locations).toEqual([`${RETURN_TO}&google=connected`, "/?google=failed"].sort());
    const exchange = google.tokenRequests.filter((request) => request.grant_type === "authorization_code");
    expect(exchange).toHaveLength(1);
    expect(exchange[0]!.code_verifier).toMatch(/^[\w-]{43,128}$/);

    const status = await admin.get<TGoogleAccount>("/api/user/google-account");
    expect(status.body.connected).toBe(true);
    // The tokens stay on the server, sealed.
    const [row] = await server.database.db.select().from(googleConnections);
    expect(row!.refreshToken).toMatch(/^v1\./);
    expect(status.text).not.toContain(row!.accessToken!);
  });

  it("connects nothing with a consent past its ten minutes", async () => {
    const login = await admin.get<{ url: string }>("/api/user/google-api-login");
    const back = new URL((await fetch(login.body.url, { redirect: "manual" })).headers.get("location")!);
    await server.database.db
      .update(googleAuthorizations)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const late = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: "manual" });
    expect(late.headers.get("location")).toBe("/?google=failed");
    // The next consent begun clears the stale ones.
    await admin.get("/api/user/google-api-login");
    expect(await server.database.db.select().from(googleAuthorizations)).toHaveLength(1);
  });
});

describe("exporting to Google Sheets", () => {
  it("writes the CSV export's cells into a new spreadsheet, in batches, with progress", async () => {
    const job = await exportToSheets(admin);
    expect(job.state).toBe("done");
    expect(job.done).toBe(SUBMISSIONS);
    const sheet = sheetOf(job);
    const today = new Date().toISOString().slice(0, 10);
    expect(sheet.title).toBe(`Course feedback ${today}`);
    expect(sheet.appends).toBeGreaterThanOrEqual(3);

    const csv = await fetch(
      `${server.url}/api/forms/${formId}/answers/export/csv?settings=answers,timing,read`,
      {
        headers: { authorization: `Bearer ${admin.token}` },
      },
    );
    const cells = parse((await csv.text()).replace(/^\uFEFF/, "")) as string[][];
    // The sheet's cells are written RAW, never run as formulas: texts stay as typed, where the
    // CSV file puts a quote before those a reader would run.
    const typed = cells.map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/, "")));
    expect(sheet.rows.map((row) => row.map(String))).toEqual(typed);
    expect(cells[0]).toContain("Your name");
    expect(cells.flat()).toContain(`'=HYPERLINK("http://evil")`);
    expect(sheet.rows.flat()).toContain(`=HYPERLINK("http://evil")`);
    expect(sheet.rows.flat()).toContain("+1 555 0100");
  });

  it("names the spreadsheet after table_name when given", async () => {
    const job = await exportToSheets(admin, "&table_name=Spring%20cohort");
    expect(sheetOf(job)).toMatchObject({ title: "Spring cohort", sheetTitle: "Spring cohort" });
  });

  it("signs the links to files in a spreadsheet an external app asked for: its readers have no token", async () => {
    const file = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Receipts",
      fields: [{ id: "doc", fieldType: "file", question: "Receipt" }],
    });
    const fileId = "fedcba9876543210fedcba9876543210";
    const url = `/api/forms/${file.body.form.id}/files/${fileId}`;
    await server.database.db.insert(formAnswers).values({
      accountId,
      formId: file.body.form.id,
      device: {},
      answers: [
        {
          fieldId: "doc",
          answer: [{ id: fileId, url, name: "receipt.pdf", size: 10, mimeType: "application/pdf" }],
        },
      ],
    });
    const minted = await admin.post<{ token: string }>("/api/external-apps", {
      name: "Sheets sync",
      allowedIps: ["127.0.0.1"],
    });
    expect(minted.status, minted.text).toBe(201);
    const app = server.api.as(minted.body.token);
    const started = await app.get<{ job: TExportJob }>(
      `/api/forms/${file.body.form.id}/answers/export/csv?google_spreadsheet=true&settings=answers`,
    );
    expect(started.status, started.text).toBe(202);
    let job = started.body.job;
    await expect
      .poll(async () => {
        job = (await app.get<TExportJob>(`/api/forms/${file.body.form.id}/answers/export-jobs/${job.id}`))
          .body;
        return job.state;
      })
      .toBe("done");
    const cell = sheetOf(job)
      .rows.flat()
      .map(String)
      .find((text) => text.includes("receipt.pdf"));
    expect(cell).toMatch(new RegExp(`${url}\\?link=`));
  });

  it("renews an expired access token with the refresh token, and waits out Google's quota", async () => {
    const refreshes = () => google.tokenRequests.filter((r) => r.grant_type === "refresh_token").length;
    const before = refreshes();
    await server.database.db
      .update(googleConnections)
      .set({ accessExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(googleConnections.userId, adminId));
    google.failSheets(429, 2);
    const job = await exportToSheets(admin);
    expect(job.state).toBe("done");
    expect(refreshes()).toBe(before + 1);

    // Google stops taking the token before the server expected: renewed once, then written.
    google.expireAccessTokens();
    const again = await exportToSheets(admin);
    expect(again.state).toBe("done");
    expect(refreshes()).toBe(before + 2);
  });

  it("says 'Something went wrong' when Google keeps failing, without starting a second spreadsheet", async () => {
    const count = google.sheets.size;
    google.failSheets(500, 1);
    const created = await exportToSheets(admin, "&table_name=Flaky");
    expect(created.state).toBe("done");
    // The spreadsheet is made, then every write fails.
    google.failSheets(503, 100, "append");
    const job = await exportToSheets(admin, "&table_name=Down");
    google.failSheets(0, 0);
    expect(job).toMatchObject({ state: "failed", error: "export.failed", sheetUrl: null });
    expect(google.sheets.size).toBe(count + 2);
  });

  it("makes one job of a burst of the same export", async () => {
    const count = google.sheets.size;
    const started = await Promise.all(
      Array.from({ length: 5 }, () => admin.get<{ job: TExportJob }>(exportUrl("&table_name=Burst"))),
    );
    expect(started.map((response) => response.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(started.map((response) => response.body.job.id)).size).toBe(1);
    await finished(admin, started[0]!.body.job);
    expect(google.sheets.size).toBe(count + 1);
  });

  it("uses only the exporter's own Google account, never a colleague's or another account's", async () => {
    const member = await addMember(server, accountId, "reader");
    const group = await groupWith(admin, "Readers", [member.id], ["forms.view", "results.view"]);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, { level: "all" });
    const { api: stranger } = await signUpWithAccount(server.api, "other");
    for (const client of [member.api, stranger]) {
      const refused = await client.get(exportUrl());
      expect([400, 403, 404]).toContain(refused.status);
      expect((await client.get<TGoogleAccount>("/api/user/google-account")).body.connected).toBe(false);
    }
    expect((await member.api.get(exportUrl())).body).toMatchObject({ code: "export.google.not_connected" });
    // The stranger connects their own Google account; their exports of their own form use it.
    google.nextUser = "stranger@google";
    await connect(stranger, "/");
    const own = await stranger.post<{ form: { id: number } }>("/api/forms", { title: "Theirs", fields: [] });
    const theirs = await stranger.get<{ job: TExportJob }>(
      `/api/forms/${own.body.form.id}/answers/export/csv?google_spreadsheet=true`,
    );
    expect(theirs.status).toBe(202);
    await expect
      .poll(() => [...google.sheets.values()].filter((sheet) => sheet.owner === "stranger@google").length, {
        timeout: 30_000,
      })
      .toBe(1);
    // Every spreadsheet of the admin's form was made with the admin's own Google account.
    const owners = new Set(
      [...google.sheets.values()].filter((sheet) => sheet.owner !== "stranger@google").map((s) => s.owner),
    );
    expect(owners.size).toBe(1);
  });

  it("says 'Token not found, please login' once the user revoked the access", async () => {
    const owner = [...google.sheets.values()].find((sheet) => sheet.owner !== "stranger@google")!.owner;
    google.revoke(owner);
    google.expireAccessTokens();
    const job = await exportToSheets(admin);
    expect(job).toMatchObject({ state: "failed", error: "export.token_not_found", sheetUrl: null });
    expect((await admin.get<TGoogleAccount>("/api/user/google-account")).body.connected).toBe(false);
  });

  it("disconnects: the tokens are deleted and exports say so", async () => {
    const location = await connect(admin);
    expect(location).toBe(`${RETURN_TO}&google=connected`);
    expect((await admin.get<TGoogleAccount>("/api/user/google-account")).body.connected).toBe(true);
    const out = await admin.get<TGoogleAccount>("/api/user/google-account-logout");
    expect(out.body).toMatchObject({ connected: false });
    const rows = await server.database.db
      .select()
      .from(googleConnections)
      .where(eq(googleConnections.userId, adminId));
    expect(rows).toEqual([]);
    expect((await admin.get(exportUrl())).body).toMatchObject({ code: "export.google.not_connected" });
  });
});
