import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "../src/settings.ts";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  signUpWithAccount,
  startTestServer,
  submitAnswers,
  type TestServer,
} from "./harness.ts";

interface Area {
  id: number;
  interviewerId: number;
  name: string;
  color: string;
  points: Array<{ lat: number; lng: number }>;
}
interface Areas {
  interviewer: { id: number; username: string };
  areas: Area[];
  tileUrl: string | null;
  canEdit: boolean;
}
interface Activity {
  from: string;
  to: string;
  points: Array<{
    answerId: number;
    lat: number;
    lng: number;
    outside: boolean;
    source: string;
    formTitle: string;
  }>;
  unplaced: number;
  areas: Area[];
}

const TILES = "https://tiles.example.com/{z}/{x}/{y}.png";
const square = (lat: number, lng: number) => [
  { lat, lng },
  { lat, lng: lng + 1 },
  { lat: lat + 1, lng: lng + 1 },
  { lat: lat + 1, lng },
];
const located = {
  title: "Door to door",
  fields: [
    { id: "name", fieldType: "text", question: "Household" },
    { id: "where", fieldType: "location", question: "Where are you?" },
  ],
};

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let interviewer: Awaited<ReturnType<typeof addMember>>;
let viewer: Awaited<ReturnType<typeof addMember>>;
let plain: Awaited<ReturnType<typeof addMember>>;
let outsider: ApiClient;
let formId: number;

beforeAll(async () => {
  server = await startTestServer({ MAP_TILE_URL: TILES });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "maps"));
  interviewer = await addMember(server, accountId, "interviewer");
  viewer = await addMember(server, accountId, "viewer");
  plain = await addMember(server, accountId, "plain");
  await groupWith(admin, "Supervisors", [viewer.id], ["users.view"]);
  outsider = (await signUpWithAccount(server.api, "outsider")).api;
  formId = (await createForm(admin, located)).id;
});
afterAll(() => server.close());

const areasPath = (id: number) => `/api/account/users/${id}/areas`;
const activityPath = (id: number, query = "") => `/api/account/users/${id}/activity${query}`;

describe("an interviewer's areas", () => {
  it("are drawn, listed, changed and deleted by an admin, each polygon in one of the nine colours", async () => {
    const empty = await admin.get<Areas>(areasPath(interviewer.id));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      interviewer: { id: interviewer.id, username: interviewer.username },
      areas: [],
      tileUrl: TILES,
      canEdit: true,
    });

    const north = await admin.post<Area>(areasPath(interviewer.id), {
      name: "North",
      color: "orange",
      points: square(10, 10),
    });
    expect(north.status).toBe(201);
    expect(north.body).toMatchObject({ name: "North", color: "orange", interviewerId: interviewer.id });
    const south = await admin.post<Area>(areasPath(interviewer.id), {
      name: "South",
      color: "ocean",
      points: square(-20, 10),
    });
    expect(south.status).toBe(201);

    const changed = await admin.request<Area>("PUT", `/api/areas/${south.body.id}`, {
      name: "South bank",
      color: "purple",
      points: square(-20, 10).slice(0, 3),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "South bank", color: "purple" });
    expect(changed.body.points).toHaveLength(3);

    const listed = await admin.get<Areas>(areasPath(interviewer.id));
    expect(listed.body.areas.map((area) => [area.name, area.color])).toEqual([
      ["North", "orange"],
      ["South bank", "purple"],
    ]);

    const gone = await admin.delete(`/api/areas/${south.body.id}`);
    expect(gone.status).toBe(200);
    expect((await admin.delete(`/api/areas/${south.body.id}`)).body).toMatchObject({
      code: "area.not_found",
    });
    expect((await admin.get<Areas>(areasPath(interviewer.id))).body.areas.map((area) => area.name)).toEqual([
      "North",
    ]);
    await admin.post(areasPath(interviewer.id), { name: "South", color: "lime", points: square(-20, 10) });
  });

  it("refuses polygons that are not ones, naming what is wrong", async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: "Two", color: "blue", points: square(0, 0).slice(0, 2) }, "area.points.too_few"],
      [
        { name: "Same", color: "blue", points: [square(0, 0)[0], square(0, 0)[0], square(0, 0)[1]] },
        "area.points.too_few",
      ],
      [{ name: "Pole", color: "blue", points: [...square(0, 0), { lat: 91, lng: 0 }] }, "area.point.invalid"],
      [
        { name: "Date line", color: "blue", points: [...square(0, 0), { lat: 0, lng: -181 }] },
        "area.point.invalid",
      ],
      [{ name: "Red", color: "red", points: square(0, 0) }, "area.color.invalid"],
      [{ name: "  ", color: "blue", points: square(0, 0) }, "area.name.empty"],
      [
        { name: "Words", color: "blue", points: [{ lat: "north", lng: 1 }, ...square(0, 0)] },
        "request.invalid",
      ],
    ];
    for (const [body, code] of cases) {
      const answer = await admin.post(areasPath(interviewer.id), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ code });
    }
    const changed = await admin.request("PUT", `/api/areas/2147483000`, {
      name: "X",
      color: "blue",
      points: square(0, 0).slice(0, 2),
    });
    expect(changed.body).toMatchObject({ code: "area.points.too_few" });
    expect((await admin.get<Areas>(areasPath(interviewer.id))).body.areas).toHaveLength(2);
  });

  it("are shown to the interviewer and to who may view users, and changed only by who may edit users", async () => {
    const own = await interviewer.api.get<Areas>(areasPath(interviewer.id));
    expect(own.status).toBe(200);
    expect(own.body.canEdit).toBe(false);
    expect(own.body.areas).toHaveLength(2);
    const seen = await viewer.api.get<Areas>(areasPath(interviewer.id));
    expect(seen.status).toBe(200);
    expect(seen.body.canEdit).toBe(false);

    const areaId = own.body.areas[0]!.id;
    const body = { name: "Planted", color: "pink", points: square(40, 40) };
    for (const member of [interviewer.api, viewer.api, plain.api]) {
      expect((await member.post(areasPath(interviewer.id), body)).status).toBe(403);
      expect((await member.request("PUT", `/api/areas/${areaId}`, body)).status).toBe(403);
      expect((await member.delete(`/api/areas/${areaId}`)).status).toBe(403);
    }
    // A member without the right learns nothing of another member, not even whether they exist.
    for (const id of [interviewer.id, 2147483000]) {
      expect((await plain.api.get(areasPath(id))).body).toMatchObject({ code: "not_allowed" });
      expect((await plain.api.get(activityPath(id))).body).toMatchObject({ code: "not_allowed" });
    }
    expect((await admin.get<Areas>(areasPath(interviewer.id))).body.areas.map((area) => area.name)).toEqual([
      "North",
      "South",
    ]);
  });

  it("are never shown to another account, nor changed by it", async () => {
    const areaId = (await admin.get<Areas>(areasPath(interviewer.id))).body.areas[0]!.id;
    const body = { name: "Hijacked", color: "pink", points: square(40, 40) };
    for (const answer of [
      await outsider.get(areasPath(interviewer.id)),
      await outsider.get(activityPath(interviewer.id)),
      await outsider.post(areasPath(interviewer.id), body),
      await outsider.request("PUT", `/api/areas/${areaId}`, body),
      await outsider.delete(`/api/areas/${areaId}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain("North");
      expect(answer.text).not.toContain(interviewer.username);
    }
    expect((await admin.get<Areas>(areasPath(interviewer.id))).body.areas[0]).toMatchObject({
      name: "North",
    });
  });
});

describe("the maps' tile server", () => {
  it("is an https address with {z}, {x} and {y}, or none, and then the map is drawn without tiles", async () => {
    const secrets = { JWT_SECRET: "j".repeat(32), SECRET_KEY: "s".repeat(32) };
    expect(loadSettings(secrets).mapTileUrl).toBeNull();
    expect(loadSettings({ ...secrets, MAP_TILE_URL: TILES }).mapTileUrl).toBe(TILES);
    for (const wrong of ["http://tiles.example.com/{z}/{x}/{y}.png", "https://tiles.example.com/tile.png"])
      expect(() => loadSettings({ ...secrets, MAP_TILE_URL: wrong })).toThrow(SettingsError);
  });
});

describe("an interviewer's activity", () => {
  let inside: number;
  let outside: number;
  let yesterday: number;

  beforeAll(async () => {
    inside = await submitAnswers(interviewer.api, formId, [
      { fieldId: "name", answer: "Inside" },
      { fieldId: "where", answer: { lat: 10.5, lng: 10.5 } },
    ]);
    outside = await submitAnswers(interviewer.api, formId, [
      { fieldId: "name", answer: "Outside" },
      { fieldId: "where", answer: { lat: 30.25, lng: -3.75 } },
    ]);
    // No place to show: the address of a local test is not on any map.
    await submitAnswers(interviewer.api, formId, [{ fieldId: "name", answer: "Nowhere" }]);
    yesterday = await submitAnswers(interviewer.api, formId, [
      { fieldId: "where", answer: { lat: -19.5, lng: 10.5 } },
    ]);
    await server.database.raw.query(
      "update form_answers set submit_time = now() - interval '1 day' where account_id = $1 and id = $2",
      [accountId, yesterday],
    );
    // Someone else's submission is not the interviewer's.
    await submitAnswers(admin, formId, [{ fieldId: "where", answer: { lat: 10.5, lng: 10.5 } }]);
  });

  it("places today's submissions by their location answers and flags the one outside the areas", async () => {
    const today = await admin.get<Activity>(activityPath(interviewer.id));
    expect(today.status).toBe(200);
    expect(today.body.from).toBe(today.body.to);
    expect(today.body.points.map((point) => [point.answerId, point.outside, point.source])).toEqual([
      [inside, false, "answer"],
      [outside, true, "answer"],
    ]);
    expect(today.body.points[1]).toMatchObject({ lat: 30.25, lng: -3.75, formTitle: "Door to door" });
    expect(today.body.unplaced).toBe(1);
    expect(today.body.areas.map((area) => area.color)).toEqual(["orange", "lime"]);
  });

  it("shows the days asked for, and a wider range holds them all", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const before = await admin.get<Activity>(activityPath(interviewer.id, `?from=${day(-1)}&to=${day(-1)}`));
    expect(before.body.points.map((point) => [point.answerId, point.outside])).toEqual([[yesterday, false]]);
    const both = await admin.get<Activity>(activityPath(interviewer.id, `?from=${day(-1)}&to=${day(1)}`));
    expect(both.body.points.map((point) => point.answerId)).toEqual([yesterday, inside, outside]);
    const past = await admin.get<Activity>(activityPath(interviewer.id, "?from=2020-01-01&to=2020-01-31"));
    expect(past.body.points).toEqual([]);
  });

  it("counts days in the caller's time zone", async () => {
    const late = await submitAnswers(interviewer.api, formId, [
      { fieldId: "where", answer: { lat: 10.25, lng: 10.25 } },
    ]);
    // 20:30 in London on 1 March is 05:30 on 2 March in Tokyo.
    await server.database.raw.query(
      "update form_answers set submit_time = '2026-03-01T20:30:00Z' where account_id = $1 and id = $2",
      [accountId, late],
    );
    const ids = async (query: string) =>
      (await admin.get<Activity>(activityPath(interviewer.id, query))).body.points.map(
        (point) => point.answerId,
      );
    expect(await ids("?from=2026-03-01")).toEqual([late]);
    const me = (await admin.get<{ id: number }>("/api/user")).body;
    expect((await admin.patch(`/api/user/${me.id}/settings`, { timezone: "Asia/Tokyo" })).status).toBe(200);
    try {
      expect(await ids("?from=2026-03-01")).toEqual([]);
      expect(await ids("?from=2026-03-02&to=2026-03-02")).toEqual([late]);
      expect(
        (await admin.get<Activity>(activityPath(interviewer.id, "?from=2026-03-02"))).body,
      ).toMatchObject({
        timezone: "Asia/Tokyo",
        from: "2026-03-02",
        to: "2026-03-02",
      });
    } finally {
      await admin.patch(`/api/user/${me.id}/settings`, { timezone: "UTC" });
    }
  });

  it("refuses days that are not dates or a range that is backwards or too long", async () => {
    for (const [query, code] of [
      ["?from=yesterday", "activity.date.invalid"],
      ["?from=2026-02-31", "activity.date.invalid"],
      ["?from=2026-03-02&to=2026-03-01", "activity.range.invalid"],
      ["?from=2026-01-01&to=2026-03-01", "activity.range.invalid"],
    ] as const) {
      const answer = await admin.get(activityPath(interviewer.id, query));
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ code });
    }
  });

  it("shows only what the caller may read of the forms' answers", async () => {
    // A viewer of users with no access to the form's answers sees no submission of it.
    const none = await viewer.api.get<Activity>(activityPath(interviewer.id));
    expect(none.status).toBe(200);
    expect(none.body.points).toEqual([]);
    expect(none.body.unplaced).toBe(0);

    // With the household name only, the location answer is not theirs to see: no place is shown.
    const group = await groupWith(admin, "Names only", [viewer.id], ["results.view"]);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["name"],
    });
    const names = await viewer.api.get<Activity>(activityPath(interviewer.id));
    expect(names.body.points).toEqual([]);
    expect(names.body.unplaced).toBe(3);

    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["name", "where"],
    });
    const places = await viewer.api.get<Activity>(activityPath(interviewer.id));
    expect(places.body.points.map((point) => point.outside)).toEqual([false, true]);
  });

  it("shows no answer to who may not view results, whatever data access their group has", async () => {
    const supervisor = await addMember(server, accountId, "supervisor");
    const group = await groupWith(admin, "Watchers", [supervisor.id], ["forms.view", "users.view"]);
    expect(
      (await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, { level: "all" }))
        .status,
    ).toBe(200);
    expect((await supervisor.api.get(`/api/forms/${formId}/answer/paginated/1/5`)).status).toBe(403);
    const seen = await supervisor.api.get<Activity>(activityPath(interviewer.id));
    expect(seen.status).toBe(200);
    expect(seen.body.points).toEqual([]);
    expect(seen.body.unplaced).toBe(0);
  });
});
