import { describe, expect, it } from "vitest";
import { png } from "./png.ts";
import { accountOwner, appAndBrowser, signIn, watchErrors } from "./support.ts";

/** A person's own picture, uploaded from the profile editor as a multipart file. */
const run = appAndBrowser();
const OWNER = { username: "pictureowner", password: "picture-pass-1" };

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
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png(1, 1, () => [200, 40, 40]) });
    await page.getByText("Picture saved").waitFor();
    const me = await call<{ id: number }>("GET", "/user");
    const profile = await call<{ avatar: string | null }>("GET", `/user/${me.id}`);
    expect(profile.avatar).toMatch(/\.png$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
