import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chaos, type JsonSchema, NASTY_NUMBERS, SchemaArbitraries } from "./fuzz-arbitraries.ts";
import {
  type ApiClient,
  addMember,
  type DocumentedRoute,
  documentedRoutes,
  groupWith,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/**
 * Thousands of generated requests over every documented route, as a stranger, an admin and a
 * member: whatever arrives, the answer is below 500 and, when it is an error, JSON with a code.
 * FUZZ_SEED replays a run; FUZZ_RUNS scales it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const PARALLEL = 6;

type Persona = "anonymous" | "admin" | "member";
/** How many requests each persona sends per route, as multiples of RUNS. */
const SHARE: Record<Persona, number> = { anonymous: 0.4, admin: 1, member: 0.6 };

/**
 * Routes that change who the callers are or what they work on run last, so the others meet intact
 * callers and data: a removed user, a changed password or a lost admin role would turn the rest of
 * the run into 401s and 403s, and a rewritten form would refuse every submission.
 */
const LAST = [
  "patch /api/forms/{id}",
  "post /api/user/{id}/edit",
  "post /api/update-password",
  "post /api/account/users/{id}/remove",
  "delete /api/forms/{id}",
  "delete /api/forms/{id}/answer",
  "post /api/account/group/{id}/delete",
  "post /api/external-apps/{id}/delete",
  "post /api/account/api-keys/{id}/delete",
  "post /api/account/invitations/{id}/revoke",
];

let server: TestServer;
let arbitraries: SchemaArbitraries;
let routes: DocumentedRoute[];
const callers: Record<Persona, ApiClient> = {} as Record<Persona, ApiClient>;
const ids: Record<string, number> = {};
const names: Record<string, string> = {};
/** The server's warnings: input the database refused is a schema that let it through. */
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { write: (line) => void logLines.push(line) });
  const { api: admin, accountId } = await signUpWithAccount(server.api, "fuzz");
  const member = await addMember(server, accountId, "fuzzmem");
  // Someone the remove route may take out without ending the run's own sessions.
  const spare = await addMember(server, accountId, "spare");
  callers.anonymous = server.api;
  callers.admin = admin;
  callers.member = member.api;
  ids.account = accountId;
  ids.admin = (await admin.get<{ id: number }>("/api/user")).body.id;
  ids.member = member.id;
  ids.spare = spare.id;
  const form = await admin.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", sampleForm);
  ids.form = form.body.form.id;
  names.alias = form.body.form.formPathAlias;
  names.subdomain = (await admin.get<{ subdomain: string }>(`/api/account/${accountId}`)).body.subdomain;
  ids.answer = (
    await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: ids.form,
      answers: [{ fieldId: "name", answer: "Ann" }],
    })
  ).body.id;
  ids.group = await groupWith(admin, "Fuzzers", [member.id], ["forms.view", "results.view"]);
  ids.app = (
    await admin.post<{ app: { id: number } }>("/api/external-apps", {
      name: "Fuzz app",
      allowedIps: ["127.0.0.1"],
    })
  ).body.app.id;
  ids.apiKey = (
    await admin.post<{ id: number }>("/api/account/api-keys", {
      name: "Fuzz key",
      service: "Maps",
      key: "fuzz-key-123",
    })
  ).body.id;
  ids.invitation = (
    await admin.post<{ invitations: Array<{ id: number }> }>("/api/account/invitations/send", {
      emails: "fuzz-invitee@example.com",
    })
  ).body.invitations[0]!.id;
  const outbox = await admin.get("/api/account/outbox");
  names.code = /join\?code=([\w-]+)/.exec(outbox.text)?.[1] ?? "no-code";

  const doc = await server.api.get<{ components?: { schemas?: Record<string, JsonSchema> } }>(
    "/api/docs/json",
  );
  arbitraries = new SchemaArbitraries(doc.body.components?.schemas ?? {});
  routes = (await documentedRoutes(server.api)).sort(
    (a, b) => Number(LAST.includes(a.key)) - Number(LAST.includes(b.key)),
  );
}, 120_000);
afterAll(() => server.close());

/** The real id a path's `{id}` means in each route family, as the isolation matrix fills it. */
function realId(path: string, param: string): number {
  if (param === "answerId") return ids.answer!;
  if (param === "groupId") return ids.group!;
  if (param === "page") return 1;
  if (param === "size") return 10;
  if (path.startsWith("/api/forms/")) return ids.form!;
  if (path.startsWith("/api/account/group/")) return ids.group!;
  if (path.startsWith("/api/account/users/")) return ids.spare!;
  if (path.startsWith("/api/user/")) return ids.admin!;
  if (path.startsWith("/api/external-apps/")) return ids.app!;
  if (path.startsWith("/api/account/invitations/")) return ids.invitation!;
  if (path.startsWith("/api/account/api-keys/")) return ids.apiKey!;
  return ids.account!;
}

/** Path segments, already percent-encoded as a client would send them (or would not). */
const ODD_SEGMENTS = fc.constantFrom(
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "2147483648",
  "99999999999999999999",
  "abc",
  "%00",
  "a%00",
  "%FF",
  "%",
  "%zz",
  "%C0%AE",
  "%F0%9F%98%80",
  "%E5%90%8D",
  "%20",
  "..",
  "x".repeat(300),
);

function segment(route: DocumentedRoute, param: string): fc.Arbitrary<string> {
  const real =
    param === "alias"
      ? names.alias!
      : param === "subdomain"
        ? names.subdomain!
        : param === "code"
          ? names.code!
          : param === "name"
            ? `${ids.admin}-${"a".repeat(24)}.png`
            : String(realId(route.path, param));
  const known = fc.constantFrom(...Object.values(ids).map(String));
  const value = fc.oneof(
    { weight: 6, arbitrary: fc.constant(real) },
    { weight: 2, arbitrary: known },
    { weight: 3, arbitrary: ODD_SEGMENTS },
    { weight: 1, arbitrary: fc.integer({ min: -1e6, max: 1e10 }).map(String) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }).map(encodeURIComponent) },
  );
  // The remove route must not end the sessions the run is made of.
  if (route.key !== "post /api/account/users/{id}/remove") return value;
  const own = new Set([String(ids.admin), String(ids.member)]);
  return value.map((id) => (own.has(id) ? String(ids.spare) : id));
}

function queryValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: arbitraries.value(schema, 0).map(String) },
    { weight: 1, arbitrary: ODD_SEGMENTS },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_NUMBERS.map(String)) },
  );
}

interface Sent {
  method: string;
  url: string;
  body?: string;
  headers: Record<string, string>;
}

/**
 * Bodies that succeed, for routes whose deeper code a generated body seldom reaches (a submission
 * must answer the form's required field). The fuzz changes one field of them at a time.
 */
function example(key: string): Record<string, unknown> | undefined {
  const examples: Record<string, Record<string, unknown>> = {
    "post /api/forms/answer": {
      formId: ids.form,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      formPassingTime: 60,
      answers: [
        { fieldId: "name", answer: "Ann", answeringTime: 3 },
        { fieldId: "mail", answer: "ann@example.com" },
        { fieldId: "color", answer: "red" },
      ],
      miscData: { source: "fuzz" },
    },
    "post /api/forms": sampleForm,
    "patch /api/forms/{id}": { title: "Renamed", fields: sampleForm.fields },
    "patch /api/user/{id}/settings": { locale: "it", timezone: "Europe/Rome", currency: "EUR" },
    "post /api/user/{id}/edit": { firstName: "Ann", city: "Rome", dateOfBirth: "1990-05-01" },
    "patch /api/account/edit": { name: "Fuzz team", type: "company" },
    "post /api/account/group/{id}/users/add": { userIds: [ids.member] },
    "post /api/account/group/{id}/permissions/set": { permissions: ["forms.view"] },
    "put /api/forms/{id}/permissions/group/{groupId}": { level: "fields", fieldIds: ["name"] },
    "post /api/external-apps": { name: "Fuzz app two", allowedIps: ["192.0.2.1"] },
    "post /api/account/api-keys": { name: "Fuzz key two", service: "Maps", key: "fuzz-key-456" },
    "post /api/account/invitations/send": { emails: "fuzz-two@example.com" },
  };
  return examples[key];
}

/** The example with one of the schema's fields set to a generated (often hostile) value. */
function mutated(route: DocumentedRoute, base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const properties = (route.body?.properties ?? {}) as Record<string, JsonSchema>;
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.constant(base);
  return fc
    .constantFrom(...keys)
    .chain((key) =>
      fc
        .oneof({ weight: 2, arbitrary: arbitraries.value(properties[key]!) }, { weight: 1, arbitrary: chaos })
        .map((value) => ({ ...base, [key]: value })),
    );
}

function requests(route: DocumentedRoute): fc.Arbitrary<Sent> {
  const params = route.path.match(/\{(\w+)\}/g)?.map((name) => name.slice(1, -1)) ?? [];
  const path = fc
    .tuple(...params.map((param) => segment(route, param)))
    .map((values) =>
      params.reduce((url, param, index) => url.replace(`{${param}}`, values[index]!), route.path),
    );
  const documented = route.query.map(({ name, schema }) =>
    fc.option(
      queryValue(schema).map((value) => `${name}=${encodeURIComponent(value)}`),
      { nil: undefined },
    ),
  );
  const query = fc
    .tuple(
      fc.tuple(...documented),
      fc.option(fc.constantFrom("extra=1", "sortBy=id&sortBy=score", "a%00=b", "%FF", "&&", "form_id[]=1"), {
        nil: undefined,
      }),
    )
    .map(([known, extra]) => [...known, extra].filter(Boolean).join("&"))
    .map((text) => (text ? `?${text}` : ""));
  const json = { "content-type": "application/json" };
  const base = example(route.key);
  const nearExample = base
    ? mutated(route, base).map((value) => ({ body: JSON.stringify(value), headers: json }))
    : undefined;
  const body: fc.Arbitrary<Pick<Sent, "body" | "headers">> = route.body
    ? fc.oneof(
        { weight: nearExample ? 8 : 0, arbitrary: nearExample ?? fc.constant({ headers: json }) },
        // Bodies the schema accepts reach the code behind validation; salted ones test validation.
        {
          weight: 6,
          arbitrary: arbitraries
            .value(route.body, 0)
            .map((value) => ({ body: JSON.stringify(value), headers: json })),
        },
        {
          weight: 6,
          arbitrary: arbitraries
            .value(route.body)
            .map((value) => ({ body: JSON.stringify(value), headers: json })),
        },
        { weight: 2, arbitrary: chaos.map((value) => ({ body: JSON.stringify(value), headers: json })) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((text) => ({ body: text, headers: json })) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { body: '{"formId": 1e999, "answers": []}', headers: json },
            { body: "hello", headers: { "content-type": "text/plain" } },
            { body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
            { body: "", headers: json },
          ),
        },
      )
    : route.method === "GET"
      ? fc.constant({ headers: {} })
      : fc.oneof(
          { weight: 5, arbitrary: fc.constant({ headers: {} }) },
          { weight: 1, arbitrary: chaos.map((value) => ({ body: JSON.stringify(value), headers: json })) },
        );
  const idempotency = fc.option(
    fc.oneof(
      fc.uuid(),
      fc.string({ maxLength: 300 }).map((text) => text.replace(/[^ -~]/g, "x")),
    ),
    { nil: undefined },
  );
  return fc.tuple(path, query, body, idempotency).map(([url, search, payload, key]) => ({
    method: route.method,
    url: `${url}${search}`,
    ...payload,
    headers: {
      ...payload.headers,
      ...(key !== undefined && route.path === "/api/forms/answer" ? { "idempotency-key": key } : {}),
    },
  }));
}

describe("the API under generated input", () => {
  it("answers every documented route below 500, with a JSON error code on every refusal", async () => {
    let sent = 0;
    const failures: string[] = [];
    // How the answers spread, so a run that only ever met 401s shows itself in the output.
    const statuses: Record<string, number> = {};
    const started = Date.now();
    for (const [index, route] of routes.entries()) {
      for (const persona of ["anonymous", "admin", "member"] as const) {
        const samples = fc.sample(requests(route), {
          // Routes with a working example get more runs: their changed examples go deepest.
          numRuns: Math.max(2, Math.round(RUNS * SHARE[persona] * (example(route.key) ? 3 : 1))),
          seed: SEED + index * 3 + persona.length,
        });
        for (let start = 0; start < samples.length; start += PARALLEL) {
          await Promise.all(
            samples.slice(start, start + PARALLEL).map(async (request) => {
              const response = await callers[persona].request(
                request.method,
                request.url,
                request.body,
                request.headers,
              );
              sent++;
              const tally = `${persona} ${response.status}`;
              statuses[tally] = (statuses[tally] ?? 0) + 1;
              const refusalWithoutCode =
                response.status >= 400 &&
                (typeof response.body !== "object" || response.body === null || !("code" in response.body));
              if (response.status >= 500 || refusalWithoutCode) {
                failures.push(
                  `${persona} ${request.method} ${request.url} ${JSON.stringify(request.headers)} ${request.body?.slice(0, 300)} → ${response.status} ${response.text.slice(0, 200)}`,
                );
              }
            }),
          );
        }
      }
    }
    console.log(
      `fuzz: ${sent} requests over ${routes.length} routes in ${Date.now() - started} ms, seed ${SEED}`,
    );
    console.log(`fuzz: answers by caller and status ${JSON.stringify(statuses)}`);
    expect(routes.length).toBeGreaterThan(60);
    expect(sent).toBeGreaterThan(2000);
    expect(failures, `seed ${SEED}: ${failures.slice(0, 10).join(" | ")}`).toEqual([]);
    const refusedByDatabase = logLines
      .map((line) => JSON.parse(line) as { msg: string; method?: string; path?: string; err?: unknown })
      .filter((entry) => entry.msg === "database refused the input")
      .map((entry) => `${entry.method} ${entry.path}: ${JSON.stringify(entry.err).slice(0, 300)}`);
    expect(
      refusedByDatabase,
      `input the route's schema should have refused (seed ${SEED}): ${refusedByDatabase.slice(0, 10).join(" | ")}`,
    ).toEqual([]);
    expect((await server.api.get("/api/health")).status).toBe(200);
  }, 600_000);
});
