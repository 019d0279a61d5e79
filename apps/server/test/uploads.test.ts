import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let subdomain: string;
let formId: number;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

const uploadForm = {
  title: "Claims",
  fields: [
    { id: "name", fieldType: "text", question: "Your name" },
    { id: "doc", fieldType: "file", question: "Receipt", fieldSettings: { maxFileSizeMb: 0.01 } },
    { id: "pic", fieldType: "image", question: "Picture of the damage" },
    { id: "snap", fieldType: "photo", question: "A photo" },
  ],
};

interface Uploaded {
  id: string;
  url: string;
  name: string;
  size: number;
  mimeType: string;
}

async function upload(target: { formId: number | string; fieldId: string }, bytes: Buffer, name: string) {
  const body = new FormData();
  body.append("formId", String(target.formId));
  body.append("fieldId", target.fieldId);
  body.append("key", randomUUID());
  body.append("file", new Blob([bytes], { type: "image/png" }), name);
  const response = await fetch(`${server.url}/api/forms/upload_file`, { method: "POST", body });
  return { status: response.status, body: (await response.json()) as Uploaded & { code?: string } };
}

async function storedFiles(): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(`${dir}/${entry.name}`);
      else files.push(entry.name);
    }
  };
  await walk(server.settings.storageDir);
  return files;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ api, accountId, subdomain } = await signUpWithAccount(server.api, "uploads"));
  formId = (await api.post<{ form: { id: number } }>("/api/forms", uploadForm)).body.form.id;
});
afterAll(() => server.close());

describe("uploading a respondent's file", () => {
  it("takes a picture by its bytes and answers the id the submission refers to", async () => {
    const saved = await upload({ formId, fieldId: "pic" }, PNG, "C:\\photos\\damage.png");
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      url: `/api/forms/${formId}/files/${saved.body.id}`,
      name: "damage.png",
      size: PNG.length,
      mimeType: "image/png",
    });
    expect(await storedFiles()).toContain(saved.body.id);
  });

  it("refuses an HTML page named .png, a file over the field's limit, and a field that takes no files", async () => {
    const html = await upload({ formId, fieldId: "pic" }, HTML, "cat.png");
    expect(html.status).toBe(400);
    expect(html.body.code).toBe("answer.file_type");

    const big = await upload({ formId, fieldId: "doc" }, Buffer.alloc(11 * 1024, 65), "notes.txt");
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("answer.file_too_large");
    const overServerLimit = await upload(
      { formId, fieldId: "pic" },
      Buffer.concat([PNG, Buffer.alloc(server.settings.uploadMaxBytes)]),
      "huge.png",
    );
    expect(overServerLimit.status).toBe(413);
    expect(overServerLimit.body.code).toBe("answer.file_too_large");

    // An empty file is said to be empty, on an optional question too: it was not left unanswered.
    const empty = await upload({ formId, fieldId: "doc" }, Buffer.alloc(0), "invoice.pdf");
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("answer.file_empty");

    // A question the form has that takes no files is said to be one, not called missing.
    const textField = await upload({ formId, fieldId: "name" }, PNG, "a.png");
    expect(textField.status).toBe(400);
    expect(textField.body.code).toBe("answer.takes_no_files");
    expect((await upload({ formId, fieldId: "ghost" }, PNG, "a.png")).body.code).toBe("answer.unknown_field");
    expect((await upload({ formId: 999999, fieldId: "pic" }, PNG, "a.png")).status).toBe(404);
    expect((await upload({ formId: "nope", fieldId: "pic" }, PNG, "a.png")).status).toBe(400);
  });

  it("tells the page of a form with a file, video or audio question the largest file the server takes", async () => {
    await api.post("/api/forms", {
      title: "Voice notes",
      formPathAlias: "voice-notes",
      fields: [{ id: "voice", fieldType: "audio", question: "Say your name" }],
    });
    const recorded = await server.api.get<{ uploadMaxMb?: number }>(
      `/api/forms/path/voice-notes/${subdomain}`,
    );
    expect(recorded.status).toBe(200);
    expect(recorded.body.uploadMaxMb).toBe(server.settings.uploadMaxBytes / (1024 * 1024));
    expect(recorded.body.uploadMaxMb).toBe(10);
    // A form with a file question is told too: its page refuses a larger file before sending it.
    const files = await server.api.get<{ uploadMaxMb?: number }>(`/api/forms/path/claims/${subdomain}`);
    expect(files.body.uploadMaxMb).toBe(10);
    // A form that takes no files is not told.
    await api.post("/api/forms", {
      title: "Names",
      formPathAlias: "names-only",
      fields: [{ id: "name", fieldType: "text", question: "Your name" }],
    });
    const plain = await server.api.get<{ uploadMaxMb?: number }>(`/api/forms/path/names-only/${subdomain}`);
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty("uploadMaxMb");
  });

  it("refuses uploads to a form that is not published", async () => {
    const draft = (
      await api.post<{ form: { id: number } }>("/api/forms", { ...uploadForm, isPublished: false })
    ).body.form.id;
    const refused = await upload({ formId: draft, fieldId: "pic" }, PNG, "a.png");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("form.closed");
  });
});

describe("files in submissions", () => {
  it("keeps only files uploaded to this form and field, with the sizes the server measured", async () => {
    const pic = (await upload({ formId, fieldId: "pic" }, PNG, "pic.png")).body;
    const snap = (await upload({ formId, fieldId: "snap" }, PNG, "snap.png")).body;
    const otherForm = (await api.post<{ form: { id: number } }>("/api/forms", uploadForm)).body.form.id;
    const foreign = (await upload({ formId: otherForm, fieldId: "pic" }, PNG, "x.png")).body;

    const send = (fieldId: string, files: unknown) =>
      server.api.post("/api/forms/answer", { formId, answers: [{ fieldId, answer: files }] });
    // A file of another field, another form, an id never issued, a reference with no id.
    for (const [fieldId, files] of [
      ["pic", [snap]],
      ["pic", [foreign]],
      ["pic", [{ ...pic, id: "f".repeat(32) }]],
      ["pic", [{ url: "https://evil.example/x.png", name: "x.png", size: 1, mimeType: "image/png" }]],
    ] as const) {
      const refused = await send(fieldId, files);
      expect(refused.status).toBe(400);
      expect(refused.body.validationErrors).toEqual([
        expect.objectContaining({ field: fieldId, code: "answer.invalid" }),
      ]);
    }

    const accepted = await server.api.post("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "pic", answer: [{ ...pic, size: 1, mimeType: "image/gif", name: "renamed.gif" }] },
        { fieldId: "snap", answer: [snap] },
      ],
    });
    expect(accepted.status).toBe(201);
    const stored = await api.get<{ answers: Array<{ fieldId: string; answer: unknown }> }>(
      `/api/forms/${formId}/answer/${accepted.body.id}`,
    );
    expect(stored.body.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fieldId: "pic", answer: [pic] }),
        expect.objectContaining({ fieldId: "snap", answer: [snap] }),
      ]),
    );
    // A file one submission took is not another's.
    const again = await send("pic", [pic]);
    expect(again.status).toBe(400);
  });

  it("gives one upload to one submission when several send it at once", async () => {
    const pic = (await upload({ formId, fieldId: "pic" }, PNG, "burst.png")).body;
    const before = await api.get<{ total: number }>(`/api/forms/${formId}/answer/paginated/1/1`);
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.api.post("/api/forms/answer", {
          formId,
          answers: [
            { fieldId: "name", answer: `burst ${i}` },
            { fieldId: "pic", answer: [pic] },
          ],
        }),
      ),
    );
    const statuses = sent.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of sent.filter((response) => response.status === 400))
      expect(refused.body.validationErrors).toEqual([
        expect.objectContaining({ field: "pic", code: "answer.invalid" }),
      ]);
    const after = await api.get<{ total: number }>(`/api/forms/${formId}/answer/paginated/1/1`);
    expect(after.body.total).toBe(before.body.total + 1);
  });

  it("serves a submitted file to the account as a download, never to a stranger or another tenant", async () => {
    const pic = (await upload({ formId, fieldId: "pic" }, PNG, "ünïcode name.png")).body;
    const unsent = (await upload({ formId, fieldId: "pic" }, PNG, "unsent.png")).body;
    expect(
      (await server.api.post("/api/forms/answer", { formId, answers: [{ fieldId: "pic", answer: [pic] }] }))
        .status,
    ).toBe(201);

    const download = await fetch(`${server.url}${pic.url}`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="_n_code name.png"; filename*=UTF-8''${encodeURIComponent("ünïcode name.png")}`,
    );
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await fetch(`${server.url}${pic.url}`)).status).toBe(401);
    expect((await api.get(unsent.url)).status).toBe(404);
    const { api: stranger } = await signUpWithAccount(server.api, "stranger");
    expect((await stranger.get(pic.url)).status).toBe(404);
    // A member with no access to the form's results.
    const member = await addMember(server, accountId, "nosee");
    expect((await member.api.get(pic.url)).status).toBe(403);
  });

  it("links an export's files so that its reader opens them without signing in, while they may read them", async () => {
    const pic = (await upload({ formId, fieldId: "pic" }, PNG, "linked.png")).body;
    expect(
      (await server.api.post("/api/forms/answer", { formId, answers: [{ fieldId: "pic", answer: [pic] }] }))
        .status,
    ).toBe(201);
    const member = await addMember(server, accountId, "linkreader");
    const group = await groupWith(api, "Link readers", [member.id], ["results.view", "forms.view"]);
    const access = (level: string) =>
      api.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, { level });
    expect((await access("all")).status).toBeLessThan(300);
    /** The link the reader's CSV export gives the file, on this test's server. */
    const linkIn = async (reader: ApiClient) => {
      const csv = await reader.get<string>(`/api/forms/${formId}/answers/export/csv`);
      expect(csv.status, csv.text).toBe(200);
      const link = new RegExp(`linked\\.png \\((\\S+/api/forms/${formId}/files/${pic.id}\\S*)\\)`).exec(
        csv.text,
      )?.[1];
      expect(link, csv.text).toBeDefined();
      return new URL(new URL(link!).pathname + new URL(link!).search, server.url).href;
    };
    const own = await linkIn(api);
    const opened = await fetch(own);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PNG)).toBe(true);
    // Changed by a character, or put on another file, it opens nothing.
    const other = (await upload({ formId, fieldId: "pic" }, PNG, "other.png")).body;
    for (const forged of [own.replace(/.$/, (c) => (c === "A" ? "B" : "A")), own.replace(pic.id, other.id)]) {
      const refused = await fetch(forged);
      expect(refused.status, forged).toBe(401);
      expect(((await refused.json()) as { code: string }).code).toBe("file.link_invalid");
    }
    // A reader's link works while they may read the file: not once their access is taken away.
    const theirs = await linkIn(member.api);
    expect((await fetch(theirs)).status).toBe(200);
    const withdrawn = await access("none");
    expect(withdrawn.status, withdrawn.text).toBeLessThan(300);
    expect((await fetch(theirs)).status).toBe(403);
  });

  it("removes the files with their submission, and the uploads with their form", async () => {
    const draftForm = (await api.post<{ form: { id: number } }>("/api/forms", uploadForm)).body.form.id;
    const kept = (await upload({ formId: draftForm, fieldId: "pic" }, PNG, "kept.png")).body;
    const unsent = (await upload({ formId: draftForm, fieldId: "snap" }, PNG, "unsent.png")).body;
    const answer = await server.api.post("/api/forms/answer", {
      formId: draftForm,
      answers: [{ fieldId: "pic", answer: [kept] }],
    });
    expect(await storedFiles()).toEqual(expect.arrayContaining([kept.id, unsent.id]));

    expect((await api.delete(`/api/forms/${draftForm}/answer`, { answerIds: [answer.body.id] })).status).toBe(
      200,
    );
    expect(await storedFiles()).not.toContain(kept.id);
    expect(await storedFiles()).toContain(unsent.id);
    expect((await api.get(kept.url)).status).toBe(404);

    expect((await api.delete(`/api/forms/${draftForm}`)).status).toBe(204);
    expect(await storedFiles()).not.toContain(unsent.id);
  });

  it("lets housekeeping remove uploads no submission took within a day", async () => {
    const { cleanUp } = await import("../src/jobs/housekeeping.ts");
    const { createDiskStorage } = await import("../src/storage/file-storage.ts");
    const { formFiles } = await import("../src/db/schema.ts");
    const { eq, sql } = await import("drizzle-orm");
    const fresh = (await upload({ formId, fieldId: "pic" }, PNG, "fresh.png")).body;
    const old = (await upload({ formId, fieldId: "pic" }, PNG, "old.png")).body;
    await server.database.db
      .update(formFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(formFiles.id, old.id));
    await cleanUp(server.database.db, createDiskStorage(server.settings.storageDir));
    const left = await storedFiles();
    expect(left).toContain(fresh.id);
    expect(left).not.toContain(old.id);
  });
});
