import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import { axeViolations } from "./axe.ts";
import {
  accountOwner,
  appAndBrowser,
  createdForm,
  freePort,
  screenshot,
  signIn,
  watchErrors,
} from "./support.ts";

// No MAP_TILE_URL: the maps must work with no tile server, as they do here.
const smtp = await startSmtpReceiver();
const port = String(await freePort());
const run = appAndBrowser({
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: "100",
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});
afterAll(() => smtp.close());

interface Area {
  id: number;
  name: string;
  color: string;
  points: Array<{ lat: number; lng: number }>;
}

/** Clicks the map at these fractions of its width and height, one corner each. */
async function clickCorners(page: Page, corners: Array<[number, number]>) {
  const map = page.getByRole("application", { name: "Map: click to add a corner of the area" });
  const box = await map.boundingBox();
  if (!box) throw new Error("the map is not shown");
  for (const [x, y] of corners) await map.click({ position: { x: box.width * x, y: box.height * y } });
}

async function drawArea(page: Page, name: string, colour: string, corners: Array<[number, number]>) {
  await page.getByRole("button", { name: "Draw an area" }).click();
  await page.getByRole("textbox", { name: "Area name" }).fill(name);
  await page.getByRole("radio", { name: colour }).check();
  await clickCorners(page, corners);
  await page.getByText(`Corners: ${corners.length}`).first().waitFor();
  await page.getByRole("button", { name: "Save area" }).click();
  await page.getByText("Area saved").first().waitFor();
  await page.getByRole("listitem").filter({ hasText: name }).waitFor();
}

describe("interviewer maps", () => {
  it("draws two areas in two colours for an interviewer and flags the submission collected outside them, with no tile server", async () => {
    const owner = await accountOwner(run.app.url, "mapowner", "secret123");
    const email = "mapper@example.com";
    await owner("POST", "/account/invitations/send", { emails: email });
    const code = /\/registration\/join\?code=([\w-]+)/.exec((await smtp.waitFor(email)).text)?.[1];
    expect(code).toBeDefined();
    const joined = await fetch(`${run.app.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: "mapper",
        email,
        password: "member123",
        passwordConfirmation: "member123",
        inviteCode: code,
        acceptTermsAndConditionsAgreement: true,
        acceptPrivacyPolicyAgreement: true,
      }),
    });
    expect(joined.status).toBeLessThan(300);
    const login = (await (
      await fetch(`${run.app.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "mapper", password: "member123" }),
      })
    ).json()) as { token: string };
    const asMapper = async <T>(method: string, url: string, body?: unknown) =>
      (await (
        await fetch(`${run.app.url}/api${url}`, {
          method,
          headers: { "content-type": "application/json", authorization: `Bearer ${login.token}` },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json()) as T;
    const mapper = await asMapper<{ id: number }>("GET", "/user");
    const form = await createdForm(owner, {
      // A title is text wherever it shows, the map's tooltips too: never markup.
      title: "Door to <b>door</b>",
      // No pop-up asking to record how it is filled in: this is about where.
      collectBehaviorData: false,
      fields: [
        { id: "household", fieldType: "text", question: "Household" },
        { id: "where", fieldType: "location", question: "Where are you?" },
      ],
    });

    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const tileRequests: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(run.app.url) && !request.url().startsWith("data:"))
        tileRequests.push(request.url());
    });
    await signIn(page, run.app.url, "mapowner", "secret123");

    // From the interviewer's profile to their workplace.
    await page.goto(`${run.app.url}/users/${mapper.id}/view`);
    await page.getByRole("link", { name: "Workplace map" }).click();
    await page.waitForURL(`**/interviewer/${mapper.id}/map-workplace`);
    await page.getByText("No areas yet.").waitFor();
    await drawArea(page, "Market", "Orange", [
      [0.3, 0.3],
      [0.45, 0.3],
      [0.45, 0.5],
      [0.3, 0.5],
    ]);
    // The map now shows the first area; the second lies beside it, in another colour.
    await drawArea(page, "Harbour", "Ocean", [
      [0.75, 0.7],
      [0.9, 0.7],
      [0.85, 0.9],
    ]);
    // One drawn by mistake, corner by corner with the keyboard, is deleted after a confirmation.
    await page.getByRole("button", { name: "Draw an area" }).click();
    await page.getByRole("textbox", { name: "Area name" }).fill("Mistake");
    await page.getByRole("radio", { name: "Purple" }).check();
    for (const [lat, lng] of [
      ["-50", "100"],
      ["-50", "110"],
      ["-40", "105"],
    ]) {
      await page.getByRole("spinbutton", { name: "Latitude" }).fill(lat!);
      await page.getByRole("spinbutton", { name: "Longitude" }).fill(lng!);
      await page.getByRole("button", { name: "Add corner" }).click();
    }
    await page.getByText("Corners: 3").first().waitFor();
    await screenshot(page, "interviewer-map-drawing-1280");
    await page.getByRole("button", { name: "Save area" }).click();
    await page.getByRole("listitem").filter({ hasText: "Mistake" }).waitFor();
    // Changed: renamed and painted pink.
    await page.getByRole("button", { name: "Edit Mistake" }).click();
    await page.getByRole("textbox", { name: "Area name" }).fill("Wrong place");
    await page.getByRole("radio", { name: "Pink" }).check();
    await page.getByRole("button", { name: "Undo last corner" }).click();
    await page.getByText("Corners: 2").first().waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Save area" }).isDisabled()).toBe(true);
    await page.getByRole("spinbutton", { name: "Latitude" }).fill("-45");
    await page.getByRole("spinbutton", { name: "Longitude" }).fill("108");
    await page.getByRole("button", { name: "Add corner" }).click();
    await page.getByRole("button", { name: "Save area" }).click();
    await page.getByRole("listitem").filter({ hasText: "Wrong place" }).getByText("Pink").waitFor();
    await page.getByRole("button", { name: "Delete Wrong place" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Area deleted").waitFor();
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: "Wrong place" }).count()).toBe(0);
    await expect.poll(() => page.locator("path.fl-area-orange").count()).toBe(1);
    await expect.poll(() => page.locator("path.fl-area-ocean").count()).toBe(1);
    expect(await page.locator("[data-tiles]").count()).toBe(0);
    await screenshot(page, "interviewer-map-workplace-1280");
    expect(await axeViolations(page, "main")).toEqual([]);

    const areas = await owner<{ areas: Area[] }>("GET", `/account/users/${mapper.id}/areas`);
    expect(areas.areas.map((area) => [area.name, area.color])).toEqual([
      ["Market", "orange"],
      ["Harbour", "ocean"],
    ]);
    const market = areas.areas[0]!.points;
    const centre = {
      lat: market.reduce((sum, point) => sum + point.lat, 0) / market.length,
      lng: market.reduce((sum, point) => sum + point.lng, 0) / market.length,
    };
    const far = {
      lat: centre.lat > 0 ? centre.lat - 60 : centre.lat + 60,
      lng: centre.lng > 0 ? centre.lng - 120 : centre.lng + 120,
    };
    // The interviewer fills the form in the field, typing where they are.
    const field = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await field.newPage();
    const phoneProblems = watchErrors(phone);
    await signIn(phone, run.app.url, "mapper", "member123");
    for (const [household, where] of [
      ["Inside household", centre],
      ["Outside household", far],
    ] as const) {
      await phone.goto(`${run.app.url}/f/${form.formPathAlias}?a=mapowner`);
      await phone.getByRole("textbox", { name: "Household" }).fill(household);
      await phone.getByLabel("Latitude").fill(String(where.lat));
      await phone.getByLabel("Longitude").fill(String(where.lng));
      await phone.getByRole("button", { name: "Send" }).click();
      await phone.waitForURL(/\/thankyou/);
    }
    expect(phoneProblems).toEqual([]);
    await field.close();

    await page.getByRole("link", { name: "Activity map" }).click();
    await page.waitForURL(`**/interviewer/${mapper.id}/activity-map`);
    const table = page.getByRole("table", { name: "Submissions on the map" });
    await table.getByRole("row").nth(2).waitFor();
    await expect.poll(() => table.getByRole("row").count()).toBe(3);
    await expect.poll(() => table.getByRole("row").filter({ hasText: "Outside" }).count()).toBe(1);
    await page.getByText("Outside the areas: 1").waitFor();
    await expect.poll(() => page.locator("path.fl-maps-point-outside").count()).toBe(1);
    await expect.poll(() => page.locator("path.fl-maps-point-inside").count()).toBe(1);
    // The outside marker says what it is and when it was collected.
    await page.locator("path.fl-maps-point-outside").hover({ force: true });
    const tip = page.locator(".leaflet-tooltip").filter({ hasText: "Outside" });
    await tip.waitFor();
    expect(await tip.textContent()).toContain("Door to <b>door</b>");
    expect(await tip.locator("b").count()).toBe(0);
    await screenshot(page, "interviewer-activity-map-1280");
    expect(await axeViolations(page, "main")).toEqual([]);

    // Another day shows none of them.
    await page.getByRole("button", { name: "Yesterday" }).click();
    await page.getByText("No located submissions on these days.").waitFor();
    await page.getByRole("button", { name: "Today" }).click();
    await expect.poll(() => table.getByRole("row").count()).toBe(3);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByText("Outside the areas: 1").waitFor();
    await expect.poll(() => page.locator("path.fl-maps-point-outside").count()).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "interviewer-activity-map-390");
    await page.goto(`${run.app.url}/interviewer/${mapper.id}/map-workplace`);
    await page.getByRole("listitem").filter({ hasText: "Harbour" }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, "interviewer-map-workplace-390");
    await page.getByRole("button", { name: "Draw an area" }).click();
    await page.getByRole("radio", { name: "Lemon" }).check();
    await screenshot(page, "interviewer-map-drawing-390");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Draw an area" }).waitFor();

    expect(tileRequests).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
