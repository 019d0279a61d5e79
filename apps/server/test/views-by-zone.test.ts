import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

/**
 * Views of the public page against submissions, for a reader whose day is not UTC's: both are
 * counted over the same instants, the reader's day from its midnight to the next.
 */

let server: TestServer;
let admin: ApiClient;
let formId: number;
/** When the view and the submission were made: "today" is read from it, not from the test's clock. */
let madeAt: Date;

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** Two zones as far ahead of UTC and behind it as clocks go. */
const AHEAD = "Pacific/Kiritimati"; // UTC+14
const BEHIND = "Pacific/Pago_Pago"; // UTC-11

/** The date a zone's clocks show at an instant. */
const dateIn = (zone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(at);
const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin } = await signUpWithAccount(server.api, "zone-views"));
  const { account } = (await admin.get<{ account: { subdomain: string } }>("/api/user")).body;
  const created = await admin.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
    title: "Opening hours",
    fields: [{ id: "name", fieldType: "text", question: "Your name" }],
  });
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
  const page = await fetch(`${server.url}/f/${created.body.form.formPathAlias}?a=${account.subdomain}`, {
    headers: { "user-agent": BROWSER },
  });
  expect(page.status).toBe(200);
  madeAt = new Date();
  const sent = await server.api.post("/api/forms/answer", {
    formId,
    answers: [{ fieldId: "name", answer: "Ann" }],
  });
  expect(sent.status, sent.text).toBe(201);
});
afterAll(() => server.close());

interface Rate {
  views: number;
  submissions: number;
}

describe("views in the reader's time zone", () => {
  // Whatever the hour in UTC, the day before the one the view fell on far ahead of UTC, or the
  // day after it far behind, shares a UTC date with the view: counted by UTC days, it took it.
  it("counts a view on the reader's day it fell on, not on a neighbour sharing its UTC date", async () => {
    const now = madeAt;
    for (const [zone, step] of [
      [AHEAD, -1],
      [BEHIND, 1],
    ] as const) {
      const today = dateIn(zone, now);
      const rateOn = async (day: string) => {
        const response = await admin.get<Rate>(
          `/api/forms/${formId}/answers/submit-rate?date_from=${day}&date_to=${day}&timezone=${zone}`,
        );
        expect(response.status, response.text).toBe(200);
        return { views: response.body.views, submissions: response.body.submissions };
      };
      expect(await rateOn(today), zone).toEqual({ views: 1, submissions: 1 });
      expect(await rateOn(dayAfter(today, step)), zone).toEqual({ views: 0, submissions: 0 });
    }
  });

  it("draws the submit rate day by day on the reader's days", async () => {
    const now = madeAt;
    for (const zone of [AHEAD, BEHIND]) {
      const today = dateIn(zone, now);
      const from = dayAfter(today, -1);
      const to = dayAfter(today, 1);
      const response = await admin.get<{ days: Array<Rate & { date: string }> }>(
        `/api/forms/${formId}/charts/submit-rate-days?dateFrom=${from}&dateTo=${to}&timezone=${zone}`,
      );
      expect(response.status, response.text).toBe(200);
      expect(
        response.body.days.map(({ date, views, submissions }) => ({ date, views, submissions })),
        zone,
      ).toEqual([
        { date: from, views: 0, submissions: 0 },
        { date: today, views: 1, submissions: 1 },
        { date: to, views: 0, submissions: 0 },
      ]);
      // Without a range, the days run from the first counted to the last, on the reader's dates.
      const all = await admin.get<{ days: Array<Rate & { date: string }> }>(
        `/api/forms/${formId}/charts/submit-rate-days?timezone=${zone}`,
      );
      expect(all.body.days.map(({ date, views, submissions }) => ({ date, views, submissions }))).toEqual([
        { date: today, views: 1, submissions: 1 },
      ]);
    }
  });
});
