import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;
let voucherPng: string;
let blankPng: string;

const VOUCHER = "VOUCHER-2026-XYZ";
const ROME = { latitude: 41.9028, longitude: 12.4964, accuracy: 20 };

const slide = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500"><rect width="1200" height="500" fill="${colour}"/></svg>`,
  )}`;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "widgets", "widgets1234");
  const dir = mkdtempSync(path.join(tmpdir(), "widget-fields-"));
  voucherPng = path.join(dir, "voucher.png");
  writeFileSync(voucherPng, await QRCode.toBuffer(VOUCHER, { type: "png", width: 320, margin: 4 }));
  // A white square: a picture with no code in it.
  blankPng = path.join(dir, "blank.png");
  writeFileSync(
    blankPng,
    await QRCode.toBuffer("x", { type: "png", width: 64, color: { dark: "#ffffffff", light: "#ffffffff" } }),
  );
});

const FIELDS = [
  {
    id: "intro",
    fieldType: "popup",
    title: "Terms",
    fieldSettings: { content: "<p>Be kind to the venue.</p>" },
  },
  {
    id: "gallery",
    fieldType: "imageSlider",
    title: "The venue",
    fieldSettings: {
      images: [
        { id: "hall", url: slide("#228be6"), caption: "The hall" },
        { id: "garden", url: slide("#40c057"), caption: "The garden" },
      ],
    },
  },
  { id: "drawn", fieldType: "signature", question: "Sign by drawing", isRequired: true },
  { id: "typed", fieldType: "signature", question: "Sign by typing", isRequired: true },
  {
    id: "meeting",
    fieldType: "map",
    question: "Pick a meeting point",
    isRequired: true,
    fieldSettings: {
      center: { lat: 48, lng: 11 },
      zoom: 4,
      savedItems: [{ id: "office", title: "Office", position: { lat: 52.52, lng: 13.405 } }],
    },
  },
  { id: "birthplace", fieldType: "map", question: "Where were you born?", isRequired: true },
  { id: "here", fieldType: "location", question: "Where are you now?", isRequired: true },
  { id: "ticket", fieldType: "qrCode", question: "Ticket code", isRequired: true },
  { id: "voucher", fieldType: "qrCode", question: "Voucher code", isRequired: true },
  {
    id: "heard",
    fieldType: "text",
    question: "What did the clip say?",
    fieldVideoAudioSettings: { mediaLink: "https://media.example.com/clip.mp4", mediaType: "video" },
  },
];

async function createForm(alias: string, fields: unknown[] = FIELDS): Promise<number> {
  const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: "Venue booking",
    formPathAlias: alias,
    fields,
  });
  return form.id;
}

async function storedAnswers(formId: number): Promise<Record<string, unknown>> {
  const results = await call<{
    answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
  }>("GET", `/forms/${formId}/answer/paginated/1/50`);
  return Object.fromEntries(results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]));
}

/** The field wrapper holding a control with this exact label. */
const fieldOf = (page: Page, label: string): Locator =>
  page.locator(".fl-field", { has: page.getByLabel(label) });

/** Draws a zigzag across the pad with the pointer, as a finger or mouse would. */
async function drawSignature(pad: Locator, page: Page): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 30 + step * ((box.width - 60) / 12), y + (step % 2 ? -30 : 30), {
      steps: 3,
    });
  }
  await page.mouse.up();
}

/** How many pixels of a PNG data URL are drawn (not transparent), counted by the browser. */
const inkedPixels = (page: Page, dataUrl: string) =>
  page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
    return inked;
  }, dataUrl);

describe("signature, map, location, code reader, slider, pop-up and question media on the public page", () => {
  for (const width of [1280, 390]) {
    it(`fills each by pointer and by keyboard at ${width} px and stores what was entered`, async () => {
      const alias = `venue-${width}`;
      const formId = await createForm(alias);
      const context = await run.browser.newContext({
        viewport: { width, height: 900 },
        geolocation: ROME,
        permissions: ["geolocation"],
      });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/f/${alias}?a=widgets`);

      // The pop-up opens as a modal dialog and gives the focus back when closed by Escape.
      const terms = page.getByRole("button", { name: "Terms" });
      await terms.click();
      const dialog = page.getByRole("dialog", { name: "Terms" });
      await dialog.getByText("Be kind to the venue.").waitFor();
      await screenshot(page, `widget-fields-popup-${width}`);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await terms.evaluate((el) => el === document.activeElement)).toBe(true);

      // The slider turns its pictures with buttons.
      const gallery = page.getByRole("region", { name: "The venue" });
      expect(await gallery.getByRole("img").getAttribute("alt")).toBe("The hall");
      await gallery.getByRole("button", { name: "Next picture" }).click();
      expect(await gallery.getByRole("img").getAttribute("alt")).toBe("The garden");
      expect(await gallery.getByText("2 / 2").count()).toBe(1);

      // Signatures: one drawn with the pointer, one typed from the keyboard.
      const drawn = page.getByRole("group", { name: "Sign by drawing" });
      await drawSignature(drawn.getByRole("img", { name: /Signature pad/ }), page);
      const typed = page.getByRole("group", { name: "Sign by typing" });
      await typed.getByLabel("Or type your name to sign").focus();
      await page.keyboard.type("Anna Ivanova");
      const typedPicture = typed.getByRole("img", { name: "Your signature", exact: true });
      const typedSignature = await typedPicture.getAttribute("src");
      expect(typedSignature).toMatch(/^data:image\/png;base64,/);

      // A map point by a click on the plain map (no tile server here): its coordinates fill in.
      const meeting = page.getByRole("group", { name: "Pick a meeting point" });
      const map = meeting.getByRole("application");
      await map.scrollIntoViewIfNeeded();
      await map.click({ position: { x: 120, y: 100 } });
      const clickedLat = Number(await meeting.getByLabel("Latitude").inputValue());
      const clickedLng = Number(await meeting.getByLabel("Longitude").inputValue());
      expect(clickedLat).toBeGreaterThan(30);
      expect(clickedLat).toBeLessThan(70);
      expect(clickedLng).toBeGreaterThan(-40);
      expect(clickedLng).toBeLessThan(11);
      // The pin is placed once the map has drawn the new answer.
      await expect.poll(() => meeting.locator(".fl-map-pin").count()).toBe(1);

      // A map point by its coordinates, typed.
      const birthplace = page.getByRole("group", { name: "Where were you born?" });
      await birthplace.getByLabel("Latitude").focus();
      await page.keyboard.type("59.9343");
      await page.keyboard.press("Tab");
      await page.keyboard.type("30.3351");
      expect(await birthplace.locator(".fl-map-pin").count()).toBe(1);

      // The device's location.
      const here = page.getByRole("group", { name: "Where are you now?" });
      await here.getByRole("button", { name: "Use my location" }).click();
      await here.getByText("Your location was filled in").waitFor();
      expect(await here.getByLabel("Latitude").inputValue()).toBe(String(ROME.latitude));

      // Codes: one typed, one read from a picture of it; a picture with no code says so.
      await page.getByLabel("Ticket code").fill("TICKET-42");
      const voucher = fieldOf(page, "Voucher code");
      await voucher.getByLabel("Read from a picture").setInputFiles(blankPng);
      await voucher.getByRole("alert").getByText("No QR or bar code was found in this picture").waitFor();
      await voucher.getByLabel("Read from a picture").setInputFiles(voucherPng);
      await voucher.getByText("The code was read").waitFor();
      expect(await page.getByLabel("Voucher code").inputValue()).toBe(VOUCHER);

      // A question's video is shown above its input.
      const heard = fieldOf(page, "What did the clip say?");
      expect(await heard.locator('video[aria-label="Video for this question"]').getAttribute("src")).toBe(
        "https://media.example.com/clip.mp4",
      );
      await page.getByLabel("What did the clip say?").fill("Welcome");

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await screenshot(page, `widget-fields-${width}`);

      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForURL(/thankyou/);

      const stored = await storedAnswers(formId);
      expect(stored).toEqual({
        drawn: expect.stringMatching(/^data:image\/png;base64,/),
        typed: typedSignature,
        meeting: { lat: clickedLat, lng: clickedLng },
        birthplace: { lat: 59.9343, lng: 30.3351 },
        here: { lat: ROME.latitude, lng: ROME.longitude, accuracy: ROME.accuracy },
        ticket: "TICKET-42",
        voucher: VOUCHER,
        heard: "Welcome",
      });
      expect(await inkedPixels(page, stored.drawn as string)).toBeGreaterThan(200);
      expect(await inkedPixels(page, stored.typed as string)).toBeGreaterThan(200);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("refuses an empty signature and map, names a saved place and says when the location is refused", async () => {
    const alias = "venue-errors";
    const formId = await createForm(alias, [
      ...FIELDS.filter((f) => ["drawn", "meeting", "here"].includes(f.id)),
      { id: "witness", fieldType: "signature", question: "Witness signature", isDisabled: true },
    ]);
    const context = await run.browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/${alias}?a=widgets`);

    await page.getByRole("button", { name: "Send" }).click();
    const drawn = page.getByRole("group", { name: "Sign by drawing" });
    // The first refused field gets the focus: the keyboard's way to sign.
    expect(
      await drawn.getByLabel("Or type your name to sign").evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await page.locator(".fl-field[data-invalid]").count()).toBe(3);
    await screenshot(page, "widget-fields-refused-390");

    await page.keyboard.type("A. I.");
    await drawn.getByRole("button", { name: "Clear the signature" }).click();
    expect(await drawn.getByLabel("Or type your name to sign").inputValue()).toBe("");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.type("A. I.");

    // A disabled signature takes neither a drawing nor a typed name.
    const witness = page.getByRole("group", { name: "Witness signature" });
    expect(await witness.getByLabel("Or type your name to sign").isDisabled()).toBe(true);
    await drawSignature(witness.getByRole("img", { name: /Signature pad/ }), page);
    expect(await witness.getByRole("button", { name: "Clear the signature" }).isDisabled()).toBe(true);

    const meeting = page.getByRole("group", { name: "Pick a meeting point" });
    await meeting.getByLabel("Saved places").selectOption({ label: "Office" });
    expect(await meeting.getByLabel("Latitude").inputValue()).toBe("52.52");

    const here = page.getByRole("group", { name: "Where are you now?" });
    await here.getByRole("button", { name: "Use my location" }).click();
    await here
      .getByRole("alert")
      .getByText(/Access to your location was refused/)
      .waitFor();
    await here.getByLabel("Latitude").fill("91");
    await here.getByLabel("Longitude").fill("12");
    await page.getByRole("button", { name: "Send" }).click();
    await fieldOf(page, "Where are you now?").getByText("Invalid value in field").waitFor();
    await here.getByLabel("Latitude").fill("45.5");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);

    expect(await storedAnswers(formId)).toEqual({
      drawn: expect.stringMatching(/^data:image\/png;base64,/),
      meeting: { lat: 52.52, lng: 13.405, itemId: "office" },
      here: { lat: 45.5, lng: 12 },
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("plays a YouTube or Vimeo page's video in the site's player, which the page's policy lets in", async () => {
    await createForm(
      "site-videos",
      [
        {
          id: "watched",
          fieldType: "text",
          question: "What did the talk say?",
          fieldVideoAudioSettings: {
            mediaLink: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            mediaType: "video",
          },
        },
        {
          id: "seen",
          fieldType: "text",
          question: "And the short film?",
          fieldVideoAudioSettings: { mediaLink: "https://vimeo.com/76979871", mediaType: "video" },
        },
      ].map((field, fieldOrder) => ({ ...field, fieldOrder })),
    );
    const context = await run.browser.newContext({ viewport: { width: 390, height: 900 } });
    // The closed network has no video sites: the players answer with a page of their own here.
    await context.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><p>Playing</p>" }),
    );
    const page = await context.newPage();
    const problems = watchErrors(page);
    const response = await page.goto(`${run.app.url}/f/site-videos?a=widgets`);
    expect(response?.headers()["content-security-policy"]).toMatch(
      /frame-src [^;]*https:\/\/www\.youtube-nocookie\.com[^;]*https:\/\/player\.vimeo\.com/,
    );
    const talk = fieldOf(page, "What did the talk say?").locator('iframe[title="Video for this question"]');
    expect(await talk.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    const film = fieldOf(page, "And the short film?").locator('iframe[title="Video for this question"]');
    expect(await film.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871");
    // The player loaded in its frame, as wide as the question, in the video's proportions.
    await expect.poll(() => talk.contentFrame().getByText("Playing").count()).toBe(1);
    const box = await talk.boundingBox();
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 100) / 100).toBeCloseTo(16 / 9, 1);
    expect(await page.locator("video").count()).toBe(0);
    await screenshot(page, "widget-fields-390-site-video");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("loads none of the widgets' code for a form without them", async () => {
    await createForm("plain-form", [{ id: "name", fieldType: "text", question: "Your name" }]);
    const page = await run.browser.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${run.app.url}/f/plain-form?a=widgets`);
    await page.getByLabel("Your name").waitFor();
    expect(scripts.filter((s) => /signature|point-field|qr-code|image-slider|popup-block/.test(s))).toEqual(
      [],
    );
    await page.close();
  });
});
