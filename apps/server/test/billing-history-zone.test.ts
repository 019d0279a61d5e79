import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  payOffline,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/** The billing history's days are the user's own, as its presets (today, yesterday) mean them. */

let server: TestServer;
let admin: ApiClient;
let userId: number;
/** When the payment was made: "today" is read from it, not from the test's clock. */
let paidAt: Date;

/** Two zones as far ahead of UTC and behind it as clocks go. */
const ZONES = ["Pacific/Kiritimati", "Pacific/Pago_Pago"];
const dateIn = (zone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(at);

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_PAYMENTS: "true" });
  ({ api: admin } = await signUpWithAccount(server.api, "zone-billing"));
  userId = (await admin.get<{ id: number }>("/api/user")).body.id;
  paidAt = new Date();
  await payOffline(server, admin, 20);
});
afterAll(() => server.close());

describe("the billing history by day", () => {
  // Whatever the hour in UTC, one of the two zones' today is not UTC's date: read as UTC days,
  // its "today" missed the payment just made.
  it("shows a payment made today under the user's today, in their time zone", async () => {
    for (const zone of ZONES) {
      expect((await admin.patch(`/api/user/${userId}/settings`, { timezone: zone })).status).toBe(200);
      const today = dateIn(zone, paidAt);
      const history = await admin.get<{ history: Array<{ type: string; amountCents: number }> }>(
        `/api/account/billing/history?date_from=${today}&date_to=${today}`,
      );
      expect(history.status, history.text).toBe(200);
      expect(
        history.body.history.map((entry) => [entry.type, entry.amountCents]),
        zone,
      ).toEqual([["charging", 2000]]);
    }
  });
});
