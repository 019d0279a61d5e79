import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  createForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/**
 * A form closes at a moment its author chose and/or once it holds as many submissions as its
 * limit (issue 26): a submission after that is refused with forms.md §8's "form closed for
 * submission", also when fifty arrive at once, and the form's page and its API say it is closed.
 */
let server: TestServer;
let author: ApiClient;
let subdomain: string;

const fields = [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }];
type FormBody = { form: Record<string, unknown> & { id: number; closed?: unknown } };

const send = (formId: number, name: string) =>
  server.api.post<{ id: number; code?: string }>("/api/forms/answer", {
    formId,
    answers: [{ fieldId: "name", answer: name }],
  });

beforeAll(async () => {
  server = await startTestServer();
  ({ api: author, subdomain } = await signUpWithAccount(server.api, "closing"));
});

afterAll(async () => {
  await server?.close();
});

describe("a response limit", () => {
  it("takes exactly its number of a parallel burst, numbered 1 to 10, and refuses the rest as closed", async () => {
    const form = await createForm(author, { title: "Ten seats", maxResponses: 10, fields });
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => send(form.id, `guest ${i}`)));
    const accepted = burst.filter((r) => r.status === 201);
    const refused = burst.filter((r) => r.status !== 201);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.code).toBe("form.closed");
    }
    const numbers = await Promise.all(
      accepted.map(
        async (r) =>
          (await author.get<{ number: number }>(`/api/forms/${form.id}/answer/${r.body.id}`)).body.number,
      ),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // The author reads why; the respondent's page refuses before anything is filled.
    const read = await author.get<FormBody>(`/api/forms/${form.id}`);
    expect(read.body.form.closed).toEqual({ reason: "maxResponses", limit: 10 });
    const page = await server.api.get(`/api/forms/path/${form.formPathAlias}/${subdomain}`);
    expect(page.status).toBe(403);
    expect(page.body.code).toBe("form.closed");

    // A higher limit opens the form again, and the next submission is the 11th.
    const raised = await author.patch<FormBody>(`/api/forms/${form.id}`, { maxResponses: 11 });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.form.closed).toBeNull();
    expect((await server.api.get(`/api/forms/path/${form.formPathAlias}/${subdomain}`)).status).toBe(200);
    const eleventh = await send(form.id, "late guest");
    expect(eleventh.status, eleventh.text).toBe(201);
    const eleventhNumber = await author.get<{ number: number }>(
      `/api/forms/${form.id}/answer/${eleventh.body.id}`,
    );
    expect(eleventhNumber.body.number).toBe(11);
    expect((await send(form.id, "one too many")).body.code).toBe("form.closed");

    // No limit at all: open.
    await author.patch(`/api/forms/${form.id}`, { maxResponses: null });
    expect((await send(form.id, "unlimited")).status).toBe(201);
    expect((await author.get<FormBody>(`/api/forms/${form.id}`)).body.form.closed).toBeNull();
  });
});

describe("a closing date", () => {
  it("refuses submissions after the moment and says since when; a later moment opens it again", async () => {
    const form = await createForm(author, {
      title: "Deadline",
      fields: [...fields, { id: "doc", fieldType: "file", question: "Receipt", fieldOrder: 1 }],
    });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const open = await author.patch<FormBody>(`/api/forms/${form.id}`, { closeAt: future });
    expect(open.status, open.text).toBe(200);
    expect(open.body.form).toMatchObject({ closeAt: future, closed: null });
    expect((await send(form.id, "in time")).status).toBe(201);

    // Written with the author's offset: the same instant, whatever zone it is written in.
    const past = "2020-03-01T09:30:00+02:00";
    const closed = await author.patch<FormBody>(`/api/forms/${form.id}`, { closeAt: past });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.form.closed).toEqual({ reason: "closeAt", since: "2020-03-01T07:30:00.000Z" });
    const late = await send(form.id, "too late");
    expect(late.status).toBe(403);
    expect(late.body.code).toBe("form.closed");
    const page = await server.api.get(`/api/forms/path/${form.formPathAlias}/${subdomain}`);
    expect(page.status).toBe(403);
    expect(page.body.code).toBe("form.closed");
    // Nor does a filling begin, or a file go up, for a form that can no longer be sent.
    const started = await server.api.post("/api/forms/start", { formId: form.id, key: "late-filling-1" });
    expect(started.status, started.text).toBe(403);
    expect(started.body.code).toBe("form.closed");
    const body = new FormData();
    body.append("formId", String(form.id));
    body.append("fieldId", "doc");
    body.append("key", "late-filling-1");
    body.append("file", new Blob(["receipt"], { type: "text/plain" }), "receipt.txt");
    const upload = await fetch(`${server.url}/api/forms/upload_file`, { method: "POST", body });
    expect(upload.status).toBe(403);
    expect(((await upload.json()) as { code: string }).code).toBe("form.closed");

    await author.patch(`/api/forms/${form.id}`, { closeAt: null });
    expect((await send(form.id, "reopened")).status).toBe(201);
  });

  it("refuses bad closing dates and limits with 400 and their message codes", async () => {
    const form = await createForm(author, { title: "Bad values", fields });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ closeAt: "tomorrow" }, "form.close_at.invalid"],
      [{ closeAt: "2026-05-01T10:00" }, "form.close_at.invalid"],
      [{ closeAt: 1_700_000_000 }, "form.close_at.invalid"],
      [{ maxResponses: 0 }, "form.max_responses.invalid"],
      [{ maxResponses: -3 }, "form.max_responses.invalid"],
      [{ maxResponses: 2.5 }, "form.max_responses.invalid"],
      [{ maxResponses: "10" }, "form.max_responses.invalid"],
      [{ maxResponses: 1e12 }, "form.max_responses.invalid"],
    ];
    for (const [body, code] of cases) {
      const refused = await author.patch(`/api/forms/${form.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code, JSON.stringify(body)).toBe(code);
    }
    const created = await author.post("/api/forms", { title: "Bad limit", maxResponses: -1, fields });
    expect(created.status).toBe(400);
    expect(created.body.code).toBe("form.max_responses.invalid");
  });
});
