import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, signIn, watchErrors } from "./support.ts";

/** A person's own picture, uploaded from the profile editor as a multipart file. */
const run = appAndBrowser();
const OWNER = { username: "pictureowner", password: "picture-pass-1" };

/** A 1×1 PNG, built here so the test carries no binary file. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from([0, 200, 40, 40]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("the profile picture", () => {
  it("is uploaded from the profile editor and becomes the user's avatar", async () => {
    const call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page, run.app.url, OWNER.username, OWNER.password);
    await page.goto(`${run.app.url}/user/edit`);
    await page.getByRole("button", { name: "Upload a picture" }).waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: tinyPng() });
    await page.getByText("Picture saved").waitFor();
    const me = await call<{ id: number }>("GET", "/user");
    const profile = await call<{ avatar: string | null }>("GET", `/user/${me.id}`);
    expect(profile.avatar).toMatch(/\.png$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
