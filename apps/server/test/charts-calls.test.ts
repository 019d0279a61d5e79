import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  sampleForm,
  signUpWithAccount,
  startWithAccount,
  submitAnswers,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;
let ungrantedFormId: number;

/** A small deterministic generator, so the seeded figures are the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65536) % n;
  };
}

interface Seeded {
  /** The submit time, ISO. */
  at: string;
  /** Seconds the filling took; null where the page did not tell. */
  passing: number | null;
  /** The stored device type. */
  type: string;
  /** The stored country; null where the submission has no place. */
  country: string | null;
}
const seeded: Seeded[] = [];
/** As the User-Agent parser names them: the kinds beyond the three count as unknown. */
const TYPES = ["desktop", "mobile", "tablet", "unknown", "smarttv", "console"];
const COUNTRIES = ["DE", "FR", "US", "JP", null];
/** Every bucket's edges and either side of them. */
const PASSING = [
  0, 5, 29, 30, 45, 59, 60, 90, 119, 120, 200, 299, 300, 450, 599, 600, 1000, 1799, 1800, 4000,
];

beforeAll(async () => {
  ({ server, api: admin, accountId } = await startWithAccount("charts"));
  formId = (await createForm(admin, sampleForm)).id;
  ungrantedFormId = (await createForm(admin, sampleForm)).id;
  const random = generator(11);
  for (let i = 0; i < 400; i++) {
    // Ten days in March 2026, at any minute of the day: near midnight the zone moves the day.
    const minute = random(10 * 24 * 60);
    const at = new Date(Date.UTC(2026, 2, 1) + minute * 60_000 + random(60) * 1000).toISOString();
    seeded.push({
      at,
      passing: random(7) === 0 ? null : PASSING[random(PASSING.length)]!,
      type: TYPES[random(TYPES.length)]!,
      country: COUNTRIES[random(COUNTRIES.length)]!,
    });
  }
  await server.database.db.execute(sql`
    insert into form_answers (account_id, form_id, submit_time, form_passing_time, answers, device, geo)
    select ${accountId}, ${formId}, x.at, x.passing, '[]'::jsonb,
           jsonb_build_object('type', x.type, 'os', 'Linux', 'browser', 'Firefox 140',
             'language', 'en', 'platform', 'amd64'),
           case when x.country is null then null
                else jsonb_build_object('country', x.country, 'region', null, 'city', 'Somewhere',
                  'zipcode', null, 'timeZone', null, 'latitude', null, 'longitude', null) end
      from jsonb_to_recordset(${JSON.stringify(seeded)}::jsonb)
        as x(at timestamptz, passing int, type text, country text)`);
});
afterAll(() => server.close());

/** The calendar day of an instant in a zone, as the calls count days. */
const formats = new Map<string, Intl.DateTimeFormat>();
const dayIn = (iso: string, zone: string) => {
  const format =
    formats.get(zone) ??
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
  formats.set(zone, format);
  return format.format(new Date(iso));
};
const inRange = (from: string, to: string, zone: string) =>
  seeded.filter((s) => dayIn(s.at, zone) >= from && dayIn(s.at, zone) <= to);
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const tenth = (value: number) => Math.round(value * 10) / 10;

function expectedTime(rows: Seeded[], zone: string) {
  const timed = rows.filter((s) => s.passing !== null);
  const times = timed.map((s) => s.passing!);
  const edges = [0, 30, 60, 120, 300, 600, 1800];
  const days = [...new Set(timed.map((s) => dayIn(s.at, zone)))].sort();
  return {
    count: timed.length,
    medianSeconds: times.length ? tenth(median(times)) : null,
    averageSeconds: times.length ? tenth(times.reduce((a, b) => a + b, 0) / times.length) : null,
    distribution: edges.map((from, i) => ({
      fromSeconds: from,
      toSeconds: edges[i + 1] ?? null,
      count: times.filter((t) => t >= from && (edges[i + 1] === undefined || t < edges[i + 1]!)).length,
    })),
    byDay: days.map((date) => {
      const ofDay = timed.filter((s) => dayIn(s.at, zone) === date).map((s) => s.passing!);
      return { date, count: ofDay.length, medianSeconds: tenth(median(ofDay)) };
    }),
  };
}

/** Counts by key, most first; equal counts in key order with null last, as the calls sort. */
function counted<K extends string>(values: Array<string | null>, name: K) {
  const counts = new Map<string | null, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a ?? "\uffff").localeCompare(b ?? "\uffff"))
    .map(([key, count]) => ({ [name]: key, count }) as Record<K, string | null> & { count: number });
}
const deviceOf = (type: string) =>
  type === "desktop" || type === "mobile" || type === "tablet" ? type : "unknown";
const expectedDevices = (rows: Seeded[]) => ({
  total: rows.length,
  items: counted(
    rows.map((s) => deviceOf(s.type)),
    "device",
  ).sort((a, b) => b.count - a.count || rank(a.device) - rank(b.device)),
});
/** Unknown sorts after the known kinds among equal counts. */
const rank = (device: string | null) => (device === "unknown" ? 1 : 0);
const expectedCountries = (rows: Seeded[]) => ({
  total: rows.length,
  items: counted(
    rows.map((s) => s.country),
    "country",
  ),
});

const RANGE = "dateFrom=2026-03-02&dateTo=2026-03-06";

describe("how long fillings took", () => {
  it("tells the owner the count, median, mean, buckets and each day's median of the range", async () => {
    const response = await admin.get(`/api/forms/${formId}/submissions-time?${RANGE}&timezone=UTC`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual(expectedTime(inRange("2026-03-02", "2026-03-06", "UTC"), "UTC"));
    expect((response.body.byDay as unknown[]).length).toBe(5);
  });

  it("counts the days in the asked zone, and the whole form without a range", async () => {
    const zone = "Pacific/Kiritimati";
    const east = await admin.get(`/api/forms/${formId}/submissions-time?${RANGE}&timezone=${zone}`);
    expect(east.status, east.text).toBe(200);
    expect(east.body).toEqual(expectedTime(inRange("2026-03-02", "2026-03-06", zone), zone));
    expect(east.body).not.toEqual(expectedTime(inRange("2026-03-02", "2026-03-06", "UTC"), "UTC"));
    const all = await admin.get(`/api/forms/${formId}/submissions-time?timezone=UTC`);
    expect(all.body).toEqual(expectedTime(seeded, "UTC"));
  });

  it("answers nulls and empty buckets for a form without submissions", async () => {
    const empty = await admin.get(`/api/forms/${ungrantedFormId}/submissions-time`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toMatchObject({ count: 0, medianSeconds: null, averageSeconds: null, byDay: [] });
    expect((empty.body.distribution as Array<{ count: number }>).map((b) => b.count)).toEqual([
      0, 0, 0, 0, 0, 0, 0,
    ]);
  });
});

describe("devices and countries", () => {
  it("counts the range's submissions per device kind and per country, most first", async () => {
    const rows = inRange("2026-03-02", "2026-03-06", "UTC");
    const devices = await admin.get(`/api/forms/${formId}/charts/submissions-devices?${RANGE}&timezone=UTC`);
    expect(devices.status, devices.text).toBe(200);
    expect(devices.body).toEqual(expectedDevices(rows));
    const countries = await admin.get(
      `/api/forms/${formId}/charts/submissions-countries?${RANGE}&timezone=UTC`,
    );
    expect(countries.status, countries.text).toBe(200);
    expect(countries.body).toEqual(expectedCountries(rows));
  });

  it("takes the range's days in the asked zone", async () => {
    const zone = "America/New_York";
    const rows = inRange("2026-03-02", "2026-03-06", zone);
    expect(rows.length).not.toBe(inRange("2026-03-02", "2026-03-06", "UTC").length);
    const devices = await admin.get(
      `/api/forms/${formId}/charts/submissions-devices?${RANGE}&timezone=${zone}`,
    );
    expect(devices.body).toEqual(expectedDevices(rows));
    const countries = await admin.get(
      `/api/forms/${formId}/charts/submissions-countries?${RANGE}&timezone=${zone}`,
    );
    expect(countries.body).toEqual(expectedCountries(rows));
  });

  it("refuses a range that ends before it starts, an impossible day and an unknown zone", async () => {
    for (const path of ["submissions-time", "charts/submissions-devices", "charts/submissions-countries"]) {
      const backwards = await admin.get(`/api/forms/${formId}/${path}?dateFrom=2026-03-06&dateTo=2026-03-02`);
      expect(backwards.status, path).toBe(400);
      expect(backwards.body.code, path).toBe("resources.date.order");
      expect((await admin.get(`/api/forms/${formId}/${path}?dateFrom=2026-02-31`)).status, path).toBe(400);
      expect((await admin.get(`/api/forms/${formId}/${path}?dateFrom=soon`)).status, path).toBe(400);
      expect((await admin.get(`/api/forms/${formId}/${path}?timezone=Mars/Olympus`)).status, path).toBe(400);
    }
    // A thirteenth month is no day either, for every call that takes a range.
    for (const query of [
      "daily-submissions?dateFrom=2024-13-01",
      "daily-submissions?dateTo=2024-13-01",
      "charts/submissions-devices?dateFrom=2024-13-01",
      "answers/summary?date_from=2024-13-01",
      "fields-analysis?date_from=2024-13-01",
      "answers/date?date_from=2024-13-01&date_to=2030-01-01",
    ]) {
      const refused = await admin.get(`/api/forms/${formId}/${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.code, query).toBe("request.invalid");
    }
  });
});

describe("submissions new to the caller", () => {
  it("counts all of them before the caller looked, none right after, and the ones sent since", async () => {
    const owner = await addMember(server, accountId, "wholereader");
    const group = await groupWith(admin, "Recent readers", [owner.id], ["forms.view", "results.view"]);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, { level: "all" });
    // An admin reads every form; this one has never opened the list.
    const before = await admin.get(`/api/forms/${formId}/answers/recent-new`);
    expect(before.status, before.text).toBe(200);
    const latest = [...seeded].sort((a, b) => b.at.localeCompare(a.at))[0]!.at;
    expect(before.body).toEqual({
      formId: String(formId),
      count: seeded.length,
      latestAt: latest,
      since: null,
    });

    const listed = await admin.get(`/api/forms/${formId}/answer/paginated/1/20`);
    expect(listed.status, listed.text).toBe(200);
    const after = await admin.get<{ count: number; latestAt: string | null; since: string | null }>(
      `/api/forms/${formId}/answers/recent-new`,
    );
    expect(after.body.count).toBe(0);
    expect(after.body.latestAt).toBeNull();
    expect(Date.parse(after.body.since!)).toBeGreaterThan(Date.parse(latest));

    const first = await submitAnswers(server.api, formId, [{ fieldId: "name", answer: "Ann" }]);
    const second = await submitAnswers(server.api, formId, [{ fieldId: "name", answer: "Bob" }]);
    const [last] = await server.database.raw.query<{ t: string }>(
      "select to_char(submit_time at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') t from form_answers where id in ($1, $2) order by submit_time desc limit 1",
      [first, second],
    );
    const now = await admin.get(`/api/forms/${formId}/answers/recent-new`);
    expect(now.body).toEqual({
      formId: String(formId),
      count: 2,
      latestAt: last!.t,
      since: after.body.since,
    });
    // Looking is each user's own: one who has not opened the list still has every submission new.
    const other = await owner.api.get<{ count: number; since: string | null }>(
      `/api/forms/${formId}/answers/recent-new`,
    );
    expect(other.body).toMatchObject({ count: seeded.length + 2, since: null });
  });
});

describe("who gets these figures", () => {
  const paths = (id: number) => [
    `/api/forms/${id}/submissions-time?${RANGE}`,
    `/api/forms/${id}/charts/submissions-devices?${RANGE}`,
    `/api/forms/${id}/charts/submissions-countries?${RANGE}`,
    `/api/forms/${id}/answers/recent-new`,
  ];

  it("refuses another account", async () => {
    const { api: outsider } = await signUpWithAccount(server.api, "chartsoutsider");
    for (const path of paths(formId)) expect([403, 404], path).toContain((await outsider.get(path)).status);
  });

  it("refuses a member without results.view", async () => {
    const viewer = await addMember(server, accountId, "formviewer");
    await groupWith(admin, "Form viewers", [viewer.id], ["forms.view"]);
    for (const path of paths(formId)) expect((await viewer.api.get(path)).status, path).toBe(403);
  });

  it("gives a reader of selected fields the submissions' figures, and refuses a form they read nothing of", async () => {
    const reader = await addMember(server, accountId, "fieldreader");
    const group = await groupWith(admin, "Field readers", [reader.id], ["forms.view", "results.view"]);
    const granted = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["color"],
    });
    expect(granted.status, granted.text).toBeLessThan(300);
    // Per submission, not per answer: no answer's value is in them, as with submissions per day.
    for (const path of paths(formId).slice(0, 3)) {
      const theirs = await reader.api.get(path);
      expect(theirs.status, path).toBe(200);
      expect(theirs.body, path).toEqual((await admin.get(path)).body);
    }
    const recent = await reader.api.get(`/api/forms/${formId}/answers/recent-new`);
    expect(recent.status, recent.text).toBe(200);
    for (const path of paths(ungrantedFormId)) expect((await reader.api.get(path)).status, path).toBe(403);
  });
});
