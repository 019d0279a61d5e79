import type { Locator, Page } from "playwright-core";
import QRCode from "qrcode";
import type { ApiCall } from "./support.ts";

/** The answers of a form's first submission, by field id, as the owner reads them through the API. */
export async function storedAnswers(call: ApiCall, formId: number): Promise<Record<string, unknown>> {
  const results = await call<{
    answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
  }>("GET", `/forms/${formId}/answer/paginated/1/50`);
  const first = results.answerList[0];
  if (!first) throw new Error(`form ${formId} has no submission: ${JSON.stringify(results).slice(0, 500)}`);
  return Object.fromEntries(first.answers.map((a) => [a.fieldId, a.answer]));
}

/** A small real PNG picture (a QR code), for image and photo fields. */
export function pngPicture(text = "Formloom"): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", width: 160, margin: 2 });
}

/** A short silent WAV sound (8 kHz, 8 bit, mono): the server reads audio/wav from its bytes. */
export function wavSound(samples = 800): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

/** The opening boxes of an MP4 file: enough for the server to read video/mp4 from its bytes. */
export function mp4Video(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypisom", 4);
  ftyp.writeUInt32BE(512, 12);
  ftyp.write("isomiso2", 16);
  const free = Buffer.alloc(16);
  free.writeUInt32BE(16, 0);
  free.write("free", 4);
  return Buffer.concat([ftyp, free]);
}

/** Focuses a control (as Tab would reach it) and types into it from the keyboard. */
export async function typeInto(page: Page, control: Locator, text: string): Promise<void> {
  await control.focus();
  await page.keyboard.type(text);
}

/** Focuses a control and presses keys one after another. */
export async function pressOn(page: Page, control: Locator, ...keys: string[]): Promise<void> {
  await control.focus();
  for (const key of keys) await page.keyboard.press(key);
}

/** Whether the page scrolls sideways at its current width. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) > window.innerWidth);
