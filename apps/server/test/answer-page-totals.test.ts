import { afterAll, beforeAll, expect, it } from "vitest";
import { type ApiClient, createForm, startWithAccount, type TestServer } from "./harness.ts";

/**
 * The total a page of the results table reports: counted from the rows there are, also when the
 * page was reached by a cursor that was made before some rows were deleted.
 */

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  ({ server, api: admin } = await startWithAccount("page-totals"));
});
afterAll(() => server.close());

interface Page {
  answerList: Array<{ id: number }>;
  total: number;
  nextCursor: string | null;
}

it("counts a filtered page sorted by an answer from the rows there are, after some were deleted", async () => {
  const { id } = await createForm(admin, {
    title: "Shrinking",
    fields: [
      { id: "name", fieldType: "text", question: "Name" },
      { id: "age", fieldType: "number", question: "Age" },
    ],
  });
  const sentIds: number[] = [];
  for (const age of [30, 40, 50]) {
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: id,
      answers: [
        { fieldId: "name", answer: "Kept" },
        { fieldId: "age", answer: age },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    sentIds.push(sent.body.id);
  }
  const filters = encodeURIComponent(
    JSON.stringify({ fields: [{ fieldId: "name", op: "contains", value: "kept" }] }),
  );
  const query = `sortBy=answer%3Aage&order=asc&filters=${filters}`;
  const first = await admin.get<Page>(`/api/forms/${id}/answer/paginated/1/2?${query}`);
  expect(first.body.total).toBe(3);
  expect(first.body.nextCursor).not.toBeNull();
  await admin.delete(`/api/forms/${id}/answer`, { answerIds: sentIds.slice(0, 2) });
  const after = encodeURIComponent(first.body.nextCursor!);
  const rest = await admin.get<Page>(`/api/forms/${id}/answer/paginated/1/2?${query}&after=${after}`);
  expect(rest.status, rest.text).toBe(200);
  // The page goes on after the last row read, which is gone: the row after it is still there.
  expect(rest.body.answerList.map((row) => row.id)).toEqual([sentIds[2]]);
  expect(rest.body.total).toBe(1);
});
