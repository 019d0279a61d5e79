import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, createForm, startWithAccount, submitAnswers, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let formId: number;

/** Two numbers and the formulas computed from them: one from the answers, one from another formula. */
const form = {
  title: "Order",
  fields: [
    { id: "price", fieldType: "number", question: "Price", formulaName: "price" },
    { id: "count", fieldType: "number", question: "Count", formulaName: "count" },
    {
      id: "total",
      fieldType: "formula",
      question: "Total",
      formulaName: "order_total",
      fieldSettings: { formula: "price * count" },
    },
    {
      id: "withTax",
      fieldType: "formula",
      question: "With tax",
      formulaName: "with_tax",
      fieldSettings: { formula: "round(order_total * 1.2, 2)" },
    },
  ],
};

interface Page {
  answerList: Array<{
    id: number;
    answers: Array<{ fieldId: string; answer: unknown; formulaName: string }>;
  }>;
}

beforeAll(async () => {
  ({ server, api } = await startWithAccount("formulas"));
  formId = (await createForm(api, form)).id;
});
afterAll(() => server.close());

describe("formula values of a submission", () => {
  it("are computed by the server and stored beside the answers", async () => {
    const id = await submitAnswers(server.api, formId, [
      { fieldId: "price", answer: 2.5 },
      { fieldId: "count", answer: 4 },
    ]);
    const page = await api.get<Page>(`/api/forms/${formId}/answer/paginated/1/10`);
    const stored = page.body.answerList.find((row) => row.id === id);
    expect(stored?.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fieldId: "total", answer: 10, formulaName: "order_total" }),
        expect.objectContaining({ fieldId: "withTax", answer: 12, formulaName: "with_tax" }),
      ]),
    );
  });

  it("are never taken from the respondent", async () => {
    const forged = await server.api.post("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "price", answer: 1 },
        { fieldId: "count", answer: 1 },
        { fieldId: "total", answer: 1000 },
      ],
    });
    expect(forged.status).toBe(400);
    expect(forged.body.validationErrors).toEqual([
      expect.objectContaining({ field: "total", code: "answer.unknown_field" }),
    ]);
  });

  it("are a column of the export, as numbers", async () => {
    await submitAnswers(server.api, formId, [
      { fieldId: "price", answer: 3 },
      { fieldId: "count", answer: 7 },
    ]);
    const response = await fetch(`${server.url}/api/forms/${formId}/answers/export/csv?settings=answers`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(response.status).toBe(200);
    const [header, ...rows] = (await response.text()).trim().split(/\r?\n/);
    expect(header).toContain("Total");
    expect(header).toContain("With tax");
    expect(rows.join("\n")).toMatch(/\b21\b.*\b25\.2\b/);
  });
});
