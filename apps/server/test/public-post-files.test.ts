import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG } from "./brand-pictures.ts";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { assertRendererBuilt, type StoredPage as Page } from "./public-post-support.ts";

/**
 * A form with file questions posted without JavaScript (public-post-files.ts): the browser sends
 * the files with the answers as multipart/form-data; the server stores them as the upload call
 * does and keeps one through a page drawn again.
 */

let server: TestServer;
let owner: ApiClient;
let subdomain: string;
let formId: number;
let pagedId: number;
let laterId: number;
let browser: string;

const fileForm = {
  title: "Damage report",
  formPathAlias: "damage",
  fields: [
    { id: "name", fieldType: "text", question: "Your name", isRequired: true },
    { id: "pic", fieldType: "image", question: "A picture of the damage", isRequired: true },
    { id: "doc", fieldType: "file", question: "The invoice" },
  ],
};

/** The same questions on two pages: the picture on the first, the name on the second. */
const pagedForm = {
  title: "Damage report in steps",
  formPathAlias: "damage-steps",
  display: "stepByStep",
  fields: [
    { id: "pic", fieldType: "image", question: "A picture of the damage", isRequired: true },
    { id: "name", fieldType: "text", question: "Your name", isRequired: true },
  ],
};

/** A question a page: the picture on the third, after two of text. */
const laterForm = {
  title: "Damage report, picture last",
  formPathAlias: "damage-later",
  display: "stepByStep",
  fields: [
    { id: "name", fieldType: "text", question: "Your name", isRequired: true },
    { id: "where", fieldType: "text", question: "Where is the damage?" },
    { id: "pic", fieldType: "image", question: "A picture of the damage", isRequired: true },
  ],
};

beforeAll(async () => {
  assertRendererBuilt();
  server = await startTestServer();
  ({ api: owner } = await signUpWithAccount(server.api, "nojs-files"));
  const made = await owner.post<{ form: { id: number; account: { subdomain: string } } }>(
    "/api/forms",
    fileForm,
  );
  expect(made.status).toBe(201);
  formId = made.body.form.id;
  subdomain = made.body.form.account.subdomain;
  const paged = await owner.post<{ form: { id: number } }>("/api/forms", pagedForm);
  expect(paged.status).toBe(201);
  pagedId = paged.body.form.id;
  const later = await owner.post<{ form: { id: number } }>("/api/forms", laterForm);
  expect(later.status).toBe(201);
  laterId = later.body.form.id;
  const plain = await owner.post("/api/forms", {
    title: "Plain",
    formPathAlias: "plain",
    fields: fileForm.fields.slice(0, 1),
  });
  expect(plain.status).toBe(201);
  browser =
    (await fetch(`${server.url}/f/damage?a=${subdomain}`)).headers.get("set-cookie")?.split(";")[0] ?? "";
});
afterAll(() => server?.close());

/** A posted form's entries in order: text, or a file with its name. */
type Entries = Array<[string, string | { name: string; bytes: Buffer }]>;

/** Posts like a browser's form with files: multipart, not following the redirect, with its cookie. */
function postMultipart(alias: string, entries: Entries) {
  const body = new FormData();
  for (const [name, value] of entries)
    if (typeof value === "string") body.append(name, value);
    else body.append(name, new Blob([value.bytes]), value.name);
  return fetch(`${server.url}/f/${alias}/send?a=${subdomain}`, {
    method: "POST",
    headers: { cookie: browser },
    body,
    redirect: "manual",
  });
}

const storedOf = async (id: number) =>
  (await owner.get<Page>(`/api/forms/${id}/answer/paginated/1/50`)).body.answerList;

/** The page a form on pages drew, as its hidden input says. */
const pageOf = (html: string) => /name="fl-page" value="(\d+)"/.exec(html)?.[1];

/** The files an answer refers to. */
const filesOf = (answer: unknown) => answer as Array<{ id: string; url: string; name: string; size: number }>;

describe("a file question on a form posted without JavaScript", () => {
  it("is drawn as a file input of a form that sends files, with no notice that it needs JavaScript", async () => {
    const html = await (await fetch(`${server.url}/f/damage?a=${subdomain}`)).text();
    const form = /<form\b[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('enctype="multipart/form-data"');
    expect(html).toMatch(/<input[^>]*type="file"[^>]*name="pic"|<input[^>]*name="pic"[^>]*type="file"/);
    expect(html).not.toContain("needs JavaScript");
  });

  it("stores the file with the answers, for the author to download as sent", async () => {
    const sent = await postMultipart("damage", [
      ["fl-submission-key", "files-sent-1"],
      ["name", "Ann"],
      ["pic", { name: "C:\\photos\\door.png", bytes: PNG }],
      // A file input left empty: a part with no file name and no bytes.
      ["doc", { name: "", bytes: Buffer.alloc(0) }],
    ]);
    expect(sent.status, await sent.clone().text()).toBe(303);
    expect(sent.headers.get("location")).toBe(`/f/damage/thankyou?a=${subdomain}&fl-sent=files-sent-1`);
    const [answer] = (await storedOf(formId)).filter((row) =>
      row.answers.some((a) => a.fieldId === "name" && a.answer === "Ann"),
    );
    const [picture] = filesOf(answer?.answers.find((a) => a.fieldId === "pic")?.answer);
    expect(picture).toMatchObject({ name: "door.png", size: PNG.length });
    expect(answer?.answers.some((a) => a.fieldId === "doc")).toBe(false);
    const download = await owner.request("GET", picture!.url.replace(/^\/api/, ""));
    expect(download.status).toBe(200);
  });

  it("says a file of the wrong type under its question, keeping what was typed, and stores nothing", async () => {
    const before = (await storedOf(formId)).length;
    const response = await postMultipart("damage", [
      ["fl-submission-key", "files-refused-1"],
      ["name", "Bea"],
      ["pic", { name: "notes.txt", bytes: Buffer.from("not a picture at all") }],
    ]);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Bea"/);
    expect(html).toContain("This type of file is not accepted here");
    expect((await storedOf(formId)).length).toBe(before);
  });

  it("says an empty file chosen for an optional question is empty, instead of dropping it unsaid", async () => {
    const before = (await storedOf(formId)).length;
    const response = await postMultipart("damage", [
      ["fl-submission-key", "files-empty-1"],
      ["name", "Cal"],
      ["pic", { name: "door.png", bytes: PNG }],
      ["doc", { name: "invoice.pdf", bytes: Buffer.alloc(0) }],
    ]);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("This file is empty");
    expect(html).not.toContain("Please fill in this field");
    expect((await storedOf(formId)).length).toBe(before);
  });

  it("says every other error of the page with a refused file, not one round after another", async () => {
    const response = await postMultipart("damage", [
      ["fl-submission-key", "files-refused-2"],
      ["name", " "],
      ["pic", { name: "notes.txt", bytes: Buffer.from("not a picture at all") }],
    ]);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("This type of file is not accepted here");
    // The name left empty is said at once, under its own question.
    expect(html).toMatch(/name="name"[\s\S]*Please fill in this field[\s\S]*name="pic"/);
  });

  it("keeps a file through a page drawn again, sent then without choosing it again", async () => {
    const first = await postMultipart("damage", [
      ["fl-submission-key", "files-kept-1"],
      ["name", "  "],
      ["pic", { name: "window.png", bytes: PNG }],
    ]);
    expect(first.status).toBe(422);
    const html = await first.text();
    expect(html).toContain("window.png");
    const kept = /<input[^>]*name="pic\.file"[^>]*value="([0-9a-f]{32})"/.exec(html)?.[1];
    expect(kept).toBeDefined();
    // The browser posts the hidden input with the page's file input left empty.
    const second = await postMultipart("damage", [
      ["fl-submission-key", "files-kept-1"],
      ["name", "Cid"],
      ["pic.file", kept!],
      ["pic", { name: "", bytes: Buffer.alloc(0) }],
    ]);
    expect(second.status, await second.clone().text()).toBe(303);
    const answer = (await storedOf(formId)).find((row) =>
      row.answers.some((a) => a.fieldId === "name" && a.answer === "Cid"),
    );
    const [picture] = filesOf(answer?.answers.find((a) => a.fieldId === "pic")?.answer);
    expect(picture).toMatchObject({ id: kept, name: "window.png", size: PNG.length });
    // Taken by that submission: another filling naming it gets nothing from it.
    const other = await postMultipart("damage", [
      ["fl-submission-key", "files-kept-2"],
      ["name", "Dan"],
      ["pic.file", kept!],
    ]);
    expect(other.status).toBe(422);
    expect(await other.text()).toContain("Please fill in this field");
  });

  it("lets a kept file be removed by its box, or replaced by a new one, without JavaScript", async () => {
    const first = await postMultipart("damage", [
      ["fl-submission-key", "files-removed-1"],
      ["name", ""],
      ["pic", { name: "wall.png", bytes: PNG }],
      ["doc", { name: "invoice.png", bytes: PNG }],
    ]);
    expect(first.status).toBe(422);
    const html = await first.text();
    // Beside each kept file, a box to remove it: the page's buttons need the script.
    expect(html).toMatch(
      /<input[^>]*type="checkbox"[^>]*name="doc\.remove"|<input[^>]*name="doc\.remove"[^>]*type="checkbox"/,
    );
    expect(html).toContain("Remove the file");
    const keptOf = (field: string) =>
      new RegExp(`<input[^>]*name="${field}\\.file"[^>]*value="([0-9a-f]{32})"`).exec(html)?.[1] ?? "";
    const pic = keptOf("pic");
    const doc = keptOf("doc");
    expect(pic).toMatch(/^[0-9a-f]{32}$/);
    expect(doc).toMatch(/^[0-9a-f]{32}$/);
    // Removing the required picture leaves its question to answer again.
    const removedRequired = await postMultipart("damage", [
      ["fl-submission-key", "files-removed-1"],
      ["name", "Hal"],
      ["pic.file", pic],
      ["pic.remove", "on"],
      ["doc.file", doc],
    ]);
    expect(removedRequired.status).toBe(422);
    expect(await removedRequired.text()).toContain("Please fill in this field");
    // A new file chosen with the box ticked takes the old one's place; the invoice goes unsent.
    const sent = await postMultipart("damage", [
      ["fl-submission-key", "files-removed-1"],
      ["name", "Hal"],
      ["pic.file", pic],
      ["pic.remove", "on"],
      ["pic", { name: "wall-again.png", bytes: PNG }],
      ["doc.file", doc],
      ["doc.remove", "on"],
      ["doc", { name: "", bytes: Buffer.alloc(0) }],
    ]);
    expect(sent.status, await sent.clone().text()).toBe(303);
    const answer = (await storedOf(formId)).find((row) =>
      row.answers.some((a) => a.fieldId === "name" && a.answer === "Hal"),
    );
    const [picture] = filesOf(answer?.answers.find((a) => a.fieldId === "pic")?.answer);
    expect(picture).toMatchObject({ name: "wall-again.png" });
    expect(picture?.id).not.toBe(pic);
    expect(answer?.answers.some((a) => a.fieldId === "doc")).toBe(false);
  });

  it("refuses more files than the form has questions for, and a broken body, with a 4xx, never a 500", async () => {
    const before = (await storedOf(formId)).length;
    const picture = { name: "p.png", bytes: PNG };
    const tooMany = await postMultipart("damage", [
      ["fl-submission-key", "files-many-1"],
      ["name", "Fay"],
      ["pic", picture],
      ["doc", picture],
      ["other", picture],
    ]);
    const broken = await fetch(`${server.url}/f/damage/send?a=${subdomain}`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", cookie: browser },
      body: '--x\r\nContent-Disposition: form-data; name="pic"; filename="a.png"\r\n\r\nunfinished',
      redirect: "manual",
    });
    // A form without file questions takes no multipart body at all.
    const plain = await postMultipart("plain", [
      ["fl-submission-key", "files-plain-1"],
      ["name", "Gus"],
    ]);
    expect(plain.status).toBe(415);
    for (const response of [tooMany, broken]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect((await storedOf(formId)).length).toBe(before);
  });

  it("keeps a file of an earlier page of a form on pages until the filling is sent", async () => {
    const firstPage = await postMultipart("damage-steps", [
      ["fl-submission-key", "files-paged-1"],
      ["fl-page", "0"],
      ["pic", { name: "roof.png", bytes: PNG }],
    ]);
    expect(firstPage.status).toBe(200);
    // A refused file comes back on the page posted, whatever page number a hand-made post names.
    for (const named of ["100000000", "-1", "x"]) {
      const refused = await postMultipart("damage-steps", [
        ["fl-submission-key", "files-paged-2"],
        ["fl-page", named],
        ["pic", { name: "notes.txt", bytes: Buffer.from("not a picture") }],
      ]);
      expect(refused.status, named).toBe(422);
      expect(await refused.text(), named).toContain("This type of file is not accepted here");
    }
    const lastPage = await postMultipart("damage-steps", [
      ["fl-submission-key", "files-paged-1"],
      ["fl-page", "1"],
      ["name", "Eve"],
    ]);
    expect(lastPage.status, await lastPage.clone().text()).toBe(303);
    const [answer] = await storedOf(pagedId);
    const [picture] = filesOf(answer?.answers.find((a) => a.fieldId === "pic")?.answer);
    expect(picture).toMatchObject({ name: "roof.png", size: PNG.length });
  });
  it("draws a page on which a file was refused with its Back button, the pages before kept", async () => {
    const send = (page: number, entries: Entries) =>
      postMultipart("damage-later", [
        ["fl-submission-key", "files-later-1"],
        ["fl-page", String(page)],
        ...entries,
      ]);
    const drawn = async (page: number, entries: Entries) => {
      const response = await send(page, entries);
      return { status: response.status, html: await response.text() };
    };
    expect(pageOf((await drawn(0, [["name", "Ivy"]])).html)).toBe("1");
    expect(pageOf((await drawn(1, [["where", "The left window"]])).html)).toBe("2");
    const refused = await drawn(2, [["pic", { name: "notes.txt", bytes: Buffer.from("not a picture") }]]);
    expect(refused.status).toBe(422);
    expect(refused.html).toContain("This type of file is not accepted here");
    expect(pageOf(refused.html)).toBe("2");
    // Back is there, as it was before the refusal, and leads to the page before with its answer.
    expect(refused.html).toMatch(/<button[^>]*name="fl-back"/);
    const back = await drawn(2, [["fl-back", "1"]]);
    expect(pageOf(back.html)).toBe("1");
    expect(back.html).toMatch(/<input[^>]*name="where"[^>]*value="The left window"/);
    expect(pageOf((await drawn(1, [["where", "The left window"]])).html)).toBe("2");
    const sent = await send(2, [["pic", { name: "window.png", bytes: PNG }]]);
    expect(sent.status, await sent.clone().text()).toBe(303);
    const [answer] = await storedOf(laterId);
    expect(Object.fromEntries(answer!.answers.map((a) => [a.fieldId, a.answer]))).toMatchObject({
      name: "Ivy",
      where: "The left window",
      pic: [expect.objectContaining({ name: "window.png" })],
    });
  });
});
