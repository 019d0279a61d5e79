import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download, readWithLibreOffice, readWithPspp } from "./export-readers.ts";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

/**
 * People know a submission by its form's own number, the "#12" of the results table. The page
 * of one result, the exports and the author's notice name it by that number, never by the
 * internal id, which differs as soon as the account has a second form.
 */
let server: TestServer;
let author: ApiClient;
let authorEmail: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let formId: number;
/** The form's submissions, oldest first: internal id and the form's number. */
const sent: Array<{ id: number; number: number }> = [];

const fields = [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }];

async function createForm(title: string, hasAnswerNotifications: boolean): Promise<number> {
  const created = await author.post<{ form: { id: number } }>("/api/forms", {
    title,
    hasAnswerNotifications,
    fields,
  });
  expect(created.status, created.text).toBe(201);
  return created.body.form.id;
}

async function submit(form: number, name: string): Promise<{ id: number; number: number }> {
  const response = await server.api.post<{ id: number }>("/api/forms/answer", {
    formId: form,
    answers: [{ fieldId: "name", answer: name }],
  });
  expect(response.status, response.text).toBe(201);
  const { id } = response.body;
  return {
    id,
    number: (await author.get<{ number: number }>(`/api/forms/${form}/answer/${id}`)).body.number,
  };
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "50",
    AUTOMATION_POLL_MS: "50",
    WEBHOOK_POLL_MS: "600000",
    PUBLIC_URL: "https://forms.example.test",
  });
  ({ api: author } = await signUpWithAccount(server.api, "numbers"));
  authorEmail = (await author.get<{ email: string }>("/api/user")).body.email.toLowerCase();
  // Another form's submissions first, so this form's ids run ahead of its numbers.
  const other = await createForm("Other form", false);
  for (const name of ["x", "y", "z"]) await submit(other, name);
  formId = await createForm("Numbered desk", true);
  for (const name of ["Ann", "Bob", "Cat"]) sent.push(await submit(formId, name));
  expect(sent.map((answer) => answer.number)).toEqual([1, 2, 3]);
  expect(sent.every((answer) => answer.id !== answer.number)).toBe(true);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("a submission named by its form's number", () => {
  it("is served by its number, with its neighbours' numbers, and not by another form's", async () => {
    const [ann, bob, cat] = sent as [(typeof sent)[0], (typeof sent)[0], (typeof sent)[0]];
    const one = await author.get<{ id: number; number: number; answers: unknown }>(
      `/api/forms/${formId}/results/2`,
    );
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ id: bob.id, number: 2, answers: [{ fieldId: "name", answer: "Bob" }] });
    const around = await author.get(`/api/forms/${formId}/answer/${bob.id}/prev-next`);
    expect(around.body).toEqual({ prev: cat.id, next: ann.id, prevNumber: 3, nextNumber: 1 });
    expect((await author.get(`/api/forms/${formId}/results/4`)).status).toBe(404);
    const { api: stranger } = await signUpWithAccount(server.api, "numbers-stranger");
    expect((await stranger.get(`/api/forms/${formId}/results/2`)).status).toBe(404);
  });

  // One format per test: each is read back by LibreOffice or PSPP, which start a process apiece.
  const exported = async (format: string) => {
    const file = await download(server, author, `/api/forms/${formId}/answers/export/${format}`);
    expect(file.status).toBe(200);
    return file.bytes;
  };
  const numbers = () => sent.map((answer) => String(answer.number)).sort();

  for (const format of ["csv", "xlsx"] as const) {
    it(`is the ID column of the ${format} export, headed as the results table heads it`, async () => {
      const [header, ...rows] = await readWithLibreOffice(await exported(format), format);
      expect(header?.[0]).toBe("#");
      expect(rows.map((row) => row[0]).sort()).toEqual(numbers());
    });
  }

  it("is the ID column of the SPSS export, labelled as the results table heads it", async () => {
    const sav = await readWithPspp(await exported("sav"));
    expect(sav.variables[0]?.slice(0, 3)).toEqual(["number", "1", "#"]);
    expect(
      sav.cases
        .slice(1)
        .map((row) => row[0]?.trim())
        .sort(),
    ).toEqual(numbers());
  });

  it("is what the author's notice shows and links to", async () => {
    await smtp.waitFor(authorEmail, "Numbered desk");
    await expect
      .poll(() => smtp.messages.filter((m) => m.subject.includes("Numbered desk")).length)
      .toBe(sent.length);
    const mail = smtp.messages.find((m) => m.text.includes("Your name: Ann"))!;
    const first = sent[0]!;
    expect(mail.text).toContain("#1");
    expect(mail.text).toContain(`https://forms.example.test/forms/${formId}/results/1\n`);
    expect(mail.text).not.toContain(`/results/${first.id}\n`);
  });
});
