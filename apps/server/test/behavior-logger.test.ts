import { BEHAVIOR_LIMITS } from "@formloom/core/behavior";
import { DEFAULT_CONSENT_OPTIONS } from "@formloom/core/consent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGGER_LIMITS } from "../src/features/answers/logger.ts";
import { cleanUp } from "../src/jobs/housekeeping.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let subdomain: string;
let addresses = 0;

beforeAll(async () => {
  // Behind a proxy, so each test speaks from its own address and counts apart.
  server = await startTestServer({ TRUST_PROXY: "true" });
  ({ api, accountId } = await signUpWithAccount(server.api, "logger"));
  subdomain = (await api.get<{ account: { subdomain: string } }>("/api/user")).body.account.subdomain;
});
afterAll(() => server.close());

const nextAddress = () => {
  addresses++;
  return `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

async function createForm(extra: Record<string, unknown> = {}) {
  const response = await api.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
    ...sampleForm,
    ...extra,
  });
  expect(response.status).toBe(201);
  return { id: response.body.form.id, alias: response.body.form.formPathAlias };
}

/** The respondent cookie a browser gets when it opens the form. */
async function openAsNewBrowser(alias: string): Promise<string> {
  const response = await fetch(`${server.url}/api/forms/path/${alias}/${subdomain}`);
  expect(response.status).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const typing = (field = "name") => [
  { type: "focus", at: 10, field },
  { type: "input", at: 250, field, count: 3, text: "Ann" },
  { type: "click", at: 300, x: 20, y: 40 },
  { type: "blur", at: 900, field },
];

/** The respondent ticked the option a form's behavioural pop-up comes with. */
const agreed = { behavioralConfirmOptions: [DEFAULT_CONSENT_OPTIONS.behavioral.id] };

function sendBatch(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return server.api.post<{ code?: string }>("/api/forms/logger", body, {
    "x-forwarded-for": nextAddress(),
    ...headers,
  });
}

async function storedBatches(formId: number, key: string) {
  return server.database.raw.query<{
    seq: number;
    events: Array<Record<string, unknown>>;
    respondent: string;
  }>(
    "select seq, events, respondent from behavior_logs where form_id = $1 and submission_key = $2 order by seq",
    [formId, key],
  );
}

describe("the behaviour logger", () => {
  it("keeps a filling's batches once each, under the key its submission is then stored with", async () => {
    const form = await createForm();
    const cookie = await openAsNewBrowser(form.alias);
    const batch = { formId: form.id, key: "filling-1", seq: 0, ...agreed, events: typing() };
    expect((await sendBatch(batch, { cookie })).status).toBe(204);
    // The page sends a batch again when it is not sure the first arrived: kept once.
    expect((await sendBatch(batch, { cookie })).status).toBe(204);
    expect(
      (await sendBatch({ ...batch, seq: 1, events: [{ type: "hide", at: 1200 }] }, { cookie })).status,
    ).toBe(204);
    const stored = await storedBatches(form.id, "filling-1");
    expect(stored.map((row) => row.seq)).toEqual([0, 1]);
    expect(stored[0]!.events[1]).toEqual({ type: "input", at: 250, field: "name", count: 3, text: "Ann" });
    expect(stored[0]!.respondent).toBeTruthy();

    const sent = await server.api.post<{ id: number }>(
      "/api/forms/answer",
      { formId: form.id, answers: [{ fieldId: "name", answer: "Ann" }] },
      { "idempotency-key": "filling-1", cookie },
    );
    expect(sent.status).toBe(201);
    const joined = await server.database.raw.query<{ batches: number }>(
      `select count(*)::int as batches from behavior_logs l join form_answers a
         on a.account_id = l.account_id and a.form_id = l.form_id and a.submission_key = l.submission_key
       where a.id = $1`,
      [sent.body.id],
    );
    expect(joined[0]!.batches).toBe(2);
  });

  it("keeps nothing typed, erased or clicked without the behavioural consent, and all of it with", async () => {
    // A form as it comes collects real characters, so it asks with its default option.
    const form = await createForm();
    const erased = [...typing(), { type: "input", at: 950, field: "name", count: -3, text: "" }];
    const unasked = await sendBatch({ formId: form.id, key: "unasked", seq: 0, events: erased });
    expect(unasked.status).toBe(204);
    const [kept] = await storedBatches(form.id, "unasked");
    expect(kept!.events).toEqual([
      { type: "focus", at: 10, field: "name" },
      { type: "blur", at: 900, field: "name" },
    ]);
    // Only pointer moves: nothing is left to keep.
    const moves = { formId: form.id, key: "moves", seq: 0, events: [{ type: "move", at: 5, x: 1, y: 1 }] };
    expect((await sendBatch(moves)).status).toBe(204);
    expect(await storedBatches(form.id, "moves")).toEqual([]);

    const consented = await sendBatch({ formId: form.id, key: "agreed", seq: 0, ...agreed, events: erased });
    expect(consented.status).toBe(204);
    const [all] = await storedBatches(form.id, "agreed");
    expect(all!.events).toEqual(erased);
  });

  it("never keeps the typed characters of a form that does not collect them", async () => {
    const form = await createForm({
      collectRealCharacters: false,
      behavioralConfirmPopup: { show: true, checkboxes: [{ id: "typing", label: "How I type" }] },
    });
    const batch = { formId: form.id, key: "no-text", seq: 0, behavioralConfirmOptions: ["typing"] };
    expect((await sendBatch({ ...batch, events: typing() })).status).toBe(204);
    const [stored] = await storedBatches(form.id, "no-text");
    expect(stored!.events[1]).toEqual({ type: "input", at: 250, field: "name", count: 3 });
    expect(JSON.stringify(stored!.events)).not.toContain("Ann");
  });

  it("refuses a form that does not collect behaviour, an unpublished one, and one whose consent was not given", async () => {
    const quiet = await createForm({ collectBehaviorData: false });
    const refused = await sendBatch({ formId: quiet.id, key: "k", seq: 0, events: typing() });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("logger.not_collected");

    const closed = await createForm({ isPublished: false });
    expect((await sendBatch({ formId: closed.id, key: "k", seq: 0, events: typing() })).body.code).toBe(
      "form.closed",
    );

    const asking = await createForm({
      behavioralConfirmPopup: {
        show: true,
        header: "May we?",
        checkboxes: [{ id: "moves", label: "Pointer moves", checked: true }],
      },
    });
    const batch = { formId: asking.id, key: "consent", seq: 0, events: typing() };
    const cancelled = await sendBatch({ ...batch, behavioralConfirmOptions: [] });
    expect(cancelled.status).toBe(403);
    expect(cancelled.body.code).toBe("logger.consent_required");
    expect((await sendBatch({ ...batch, behavioralConfirmOptions: ["made-up"] })).status).toBe(403);
    expect((await sendBatch({ ...batch, behavioralConfirmOptions: ["moves"] })).status).toBe(204);
    for (const id of [quiet.id, closed.id]) expect(await storedBatches(id, "k")).toEqual([]);
  });

  it("refuses batches over the size limits and events that are not the form's", async () => {
    const form = await createForm();
    const many = Array.from({ length: BEHAVIOR_LIMITS.eventsPerBatch + 1 }, (_, i) => ({
      type: "move",
      at: i,
    }));
    const tooMany = await sendBatch({ formId: form.id, key: "big", seq: 0, events: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe("logger.batch_too_large");

    const heavy = Array.from({ length: 100 }, (_, i) => ({
      type: "input",
      at: i,
      field: "name",
      text: "x".repeat(BEHAVIOR_LIMITS.textLength),
    }));
    const tooHeavy = await sendBatch({ formId: form.id, key: "big", seq: 1, events: heavy });
    expect(tooHeavy.status).toBe(413);
    expect(tooHeavy.body.code).toBe("request.too_large");

    const stranger = await sendBatch({
      formId: form.id,
      key: "big",
      seq: 2,
      events: [{ type: "focus", at: 1, field: "not-a-field" }],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.code).toBe("answer.unknown_field");
    const unknownType = await sendBatch({
      formId: form.id,
      key: "big",
      seq: 3,
      events: [{ type: "keys", at: 1 }],
    });
    expect(unknownType.status).toBe(400);
    expect(await storedBatches(form.id, "big")).toEqual([]);
  });

  it("lets one respondent send only so many batches, however many arrive at once", async () => {
    const form = await createForm();
    const cookie = await openAsNewBrowser(form.alias);
    const extra = 10;
    // Each from another address, so only the respondent's own limit can stop them.
    const burst = await Promise.all(
      Array.from({ length: LOGGER_LIMITS.perRespondent + extra }, (_, seq) =>
        sendBatch(
          { formId: form.id, key: "burst", seq, events: [{ type: "focus", at: seq, field: "name" }] },
          { cookie },
        ),
      ),
    );
    const refused = burst.filter((response) => response.status === 429);
    expect(burst.filter((response) => response.status === 204)).toHaveLength(LOGGER_LIMITS.perRespondent);
    expect(refused).toHaveLength(extra);
    expect(refused[0]!.body.code).toBe("logger.rate_limited");
    expect(await storedBatches(form.id, "burst")).toHaveLength(LOGGER_LIMITS.perRespondent);

    const late = await fetch(`${server.url}/api/forms/logger`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "x-forwarded-for": nextAddress() },
      body: JSON.stringify({ formId: form.id, key: "burst", seq: 999, events: [{ type: "hide", at: 1 }] }),
    });
    expect(late.status).toBe(429);
    expect(Number(late.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("shows the account a submission's behaviour, and a reader of selected fields only theirs", async () => {
    const form = await createForm();
    const cookie = await openAsNewBrowser(form.alias);
    const events = [
      { type: "focus", at: 10, field: "name" },
      { type: "input", at: 200, field: "name", count: 3, text: "Ann" },
      { type: "blur", at: 400, field: "name" },
      { type: "focus", at: 500, field: "mail" },
      { type: "input", at: 900, field: "mail", count: 15, text: "ann@example.com" },
      { type: "move", at: 950, x: 5, y: 6 },
    ];
    const filling = { formId: form.id, key: "read-me", ...agreed };
    await sendBatch({ ...filling, seq: 1, events: events.slice(3) }, { cookie });
    await sendBatch({ ...filling, seq: 0, events: events.slice(0, 3) }, { cookie });
    await sendBatch({ ...filling, key: "someone-else", seq: 0, events: typing() }, { cookie });
    const sent = await server.api.post<{ id: number }>(
      "/api/forms/answer",
      { formId: form.id, answers: [{ fieldId: "name", answer: "Ann" }] },
      { "idempotency-key": "read-me", cookie },
    );
    const url = `/api/forms/${form.id}/answer/${sent.body.id}/event-logs`;
    expect((await api.get(url)).body).toEqual({ batches: 2, events });

    const reader = await addMember(server, accountId, "reader");
    const readers = await groupWith(api, "Readers", [reader.id], ["forms.view", "results.view"]);
    await api.request("PUT", `/api/forms/${form.id}/permissions/group/${readers}`, {
      level: "fields",
      fieldIds: ["name"],
    });
    const limited = await reader.api.get<{ events: Array<{ field?: string }> }>(url);
    expect(limited.status).toBe(200);
    expect(limited.body.events.map((event) => event.field)).toEqual(["name", "name", "name", undefined]);
    expect(limited.text).not.toContain("ann@example.com");
  });

  it("forgets, after two days, the behaviour of fillings that were never sent, and old counters", async () => {
    const form = await createForm();
    for (const key of ["sent-long-ago", "never-sent"])
      expect((await sendBatch({ formId: form.id, key, seq: 0, events: typing() })).status).toBe(204);
    await server.api.post(
      "/api/forms/answer",
      { formId: form.id, answers: [{ fieldId: "name", answer: "Ann" }] },
      { "idempotency-key": "sent-long-ago" },
    );
    const { query } = server.database.raw;
    await query("update behavior_logs set created_at = now() - interval '3 days' where form_id = $1", [
      form.id,
    ]);
    await query(
      "insert into rate_counters (key, count, window_start) values ('logger:ip:old', 5, now() - interval '2 days')",
    );
    await cleanUp(server.database.db);
    expect((await storedBatches(form.id, "sent-long-ago")).length).toBe(1);
    expect(await storedBatches(form.id, "never-sent")).toEqual([]);
    expect(await query("select 1 from rate_counters where key = 'logger:ip:old'")).toEqual([]);
  });
});
