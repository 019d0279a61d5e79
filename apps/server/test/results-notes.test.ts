import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, addMember, groupWith, type TestServer } from "./harness.ts";
import { expectIds, ids, type Row, type Sent, startTable, submitRow } from "./results-table-form.ts";

/**
 * What readers add to the results table: tags, scores, comments, read state and column layouts,
 * and what a reader of selected fields may filter, search and mark.
 */

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;
let page: Awaited<ReturnType<typeof startTable>>["page"];
const sent: Sent[] = [];

beforeAll(async () => {
  ({ server, admin, accountId, formId, page } = await startTable("notes"));
  sent.push(...(await Promise.all(Array.from({ length: 60 }, (_, i) => submitRow(server, formId, i)))));
});
afterAll(() => server.close());

describe("tags, scores, comments and read state", () => {
  const notes = (id: number, what: string, body: unknown, client = admin) =>
    client.post<Row>(`/api/forms/${formId}/answers/${id}/${what}`, body);

  it("tags submissions, filters by tags and lists the account's tags", async () => {
    const [a, b, c] = sent;
    expect((await notes(a!.id, "update-tags", { tags: ["vip", " urgent ", "vip"] })).body.tags).toEqual([
      "vip",
      "urgent",
    ]);
    await notes(b!.id, "update-tags", { tags: ["urgent"] });
    await notes(c!.id, "update-tags", { tags: ["later"] });
    const urgent = await page({ filters: { tags: ["urgent"] } });
    expect(ids(urgent.body.answerList)).toEqual(expectIds([a!, b!]));
    expect(urgent.body.total).toBe(2);
    const either = await page({ filters: { tags: ["vip", "later"] } });
    expect(ids(either.body.answerList)).toEqual(expectIds([a!, c!]));
    expect((await admin.get("/api/forms/answer-tags/account")).body).toEqual({
      tags: ["later", "urgent", "vip"],
    });
    for (const tags of [[""], ["x".repeat(51)], Array.from({ length: 21 }, (_, i) => `t${i}`), "vip"]) {
      const response = await notes(a!.id, "update-tags", { tags });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ code: "request.invalid" });
    }
    expect((await notes(999_999, "update-tags", { tags: ["x"] })).status).toBe(404);
  });

  it("sets scores by hand, per field moving the total, and filters by score", async () => {
    const [a, b] = sent;
    expect((await notes(a!.id, "update-score", { score: 7.5 })).body.score).toBe(7.5);
    const field = await notes(a!.id, "update-field-score", { field: "age", score: 2 });
    expect(field.body).toMatchObject({ score: 9.5, fieldScores: { age: 2 } });
    const again = await notes(a!.id, "update-field-score", { field: "age", score: 1 });
    expect(again.body).toMatchObject({ score: 8.5, fieldScores: { age: 1 } });
    await notes(b!.id, "update-score", { score: 3 });
    const high = await page({ filters: { scoreMin: 5 } });
    expect(ids(high.body.answerList)).toEqual([a!.id]);
    const some = await page({ filters: { scoreMin: 0, scoreMax: 10 } });
    expect(ids(some.body.answerList)).toEqual(expectIds([a!, b!]));
    const bad = await notes(a!.id, "update-field-score", { field: "ghost", score: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "answer.unknown_field" });
    expect((await notes(a!.id, "update-score", { score: "ten" })).status).toBe(400);
  });

  it("keeps a comment per field, and removes it when emptied", async () => {
    const [a] = sent;
    await notes(a!.id, "update-comment", { field: "name", comment: "Called back" });
    const both = await notes(a!.id, "update-comment", { field: "age", comment: "Looks wrong" });
    expect(both.body.fieldComments).toEqual({ name: "Called back", age: "Looks wrong" });
    const one = await notes(a!.id, "update-comment", { field: "age", comment: "  " });
    expect(one.body.fieldComments).toEqual({ name: "Called back" });
    const view = await admin.get<Row>(`/api/forms/${formId}/answer/${a!.id}`);
    expect(view.body.fieldComments).toEqual({ name: "Called back" });
  });

  it("marks read in bulk and counts read and unread", async () => {
    const chosen = sent.slice(10, 25).map((row) => row.id);
    await admin.patch(`/api/forms/${formId}/answer/status/read`, { answerIds: chosen });
    const read = await page({ isViewed: "true" });
    expect(ids(read.body.answerList)).toEqual([...chosen].sort((a, b) => a - b));
    expect(read.body.total).toBe(15);
    const unreadBlue = await page({
      isViewed: "false",
      filters: { fields: [{ fieldId: "colour", op: "equals", value: "blue" }] },
    });
    const expected = sent.filter((r) => r.colour === "blue" && !chosen.includes(r.id));
    expect(ids(unreadBlue.body.answerList)).toEqual(expectIds(expected));
    expect(unreadBlue.body.total).toBe(expected.length);
  });
});

describe("column layouts", () => {
  it("remembers each user's columns for each form", async () => {
    const url = `/api/forms/${formId}/results-columns`;
    expect((await admin.get(url)).body).toEqual({ columns: [] });
    const columns = [
      { key: "age", visible: true, width: 120 },
      { key: "number", visible: true },
      { key: "name", visible: false },
    ];
    expect((await admin.request("PUT", url, { columns })).status).toBe(200);
    expect((await admin.get(url)).body).toEqual({ columns });
    const member = await addMember(server, accountId, "reader");
    const group = await groupWith(admin, "Readers", [member.id], ["results.view", "forms.view"]);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, { level: "all" });
    expect((await member.api.get(url)).body).toEqual({ columns: [] });
    const bad = await admin.request("PUT", url, { columns: [{ key: "age", visible: true, width: 5 }] });
    expect(bad.status).toBe(400);
    const twice = await admin.request("PUT", url, {
      columns: [
        { key: "age", visible: true },
        { key: "age", visible: false },
      ],
    });
    expect(twice.status).toBe(400);
  });
});

describe("a reader of selected fields", () => {
  it("filters and searches only by the fields they see", async () => {
    const member = await addMember(server, accountId, "partial");
    const group = await groupWith(
      admin,
      "Partial",
      [member.id],
      ["results.view", "forms.view", "results.mark"],
    );
    const granted = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["colour", "age"],
    });
    expect(granted.status, granted.text).toBeLessThan(300);
    const hidden = await page(
      { filters: { fields: [{ fieldId: "name", op: "contains", value: "a" }] } },
      500,
      1,
      member.api,
    );
    expect(hidden.status).toBe(403);
    // Names are hidden: a search for one finds nothing, a search for an age finds its rows.
    const byName = await page({ filters: { search: "Boris" } }, 500, 1, member.api);
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.total).toBe(0);
    const byAge = await page({ filters: { search: "67" } }, 500, 1, member.api);
    expect(ids(byAge.body.answerList)).toEqual(expectIds(sent.filter((r) => String(r.age).includes("67"))));
    expect((await page({ filters: { scoreMin: 1 } }, 500, 1, member.api)).status).toBe(403);
    // Sorting by a hidden answer would tell its values by the rows' order.
    expect((await page({ sortBy: "answer:name" }, 500, 1, member.api)).status).toBe(403);
    const sortedByAge = await page({ sortBy: "answer:age", order: "asc" }, 500, 1, member.api);
    expect(sortedByAge.status, sortedByAge.text).toBe(200);
    expect(sortedByAge.body.answerList.map((r) => r.id)).toEqual(
      [...sent].sort((a, b) => a.age - b.age || a.id - b.id).map((r) => r.id),
    );
    const comment = await member.api.post(`/api/forms/${formId}/answers/${sent[0]!.id}/update-comment`, {
      field: "name",
      comment: "peek",
    });
    expect(comment.status).toBe(403);
    const score = await member.api.post(`/api/forms/${formId}/answers/${sent[0]!.id}/update-score`, {
      score: 1,
    });
    expect(score.status).toBe(403);
  });
});
