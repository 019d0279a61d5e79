import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUp } from "../src/jobs/housekeeping.ts";
import { createDiskStorage } from "../src/storage/file-storage.ts";
import { uploadBrandPicture } from "./brand-pictures.ts";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let owner: ApiClient;
let flooder: ApiClient;
let hoarder: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: owner } = await signUpWithAccount(server.api, "kitpictures"));
  ({ api: flooder } = await signUpWithAccount(server.api, "kitflood"));
  ({ api: hoarder } = await signUpWithAccount(server.api, "kithoard"));
});
afterAll(() => server.close());

type Answer = { url: string; code?: string; message?: string };

async function upload(as: ApiClient) {
  const answer = await uploadBrandPicture(server.url, as);
  return { ...answer, body: answer.body as Answer };
}

const uploaded = async () => {
  const picture = await upload(owner);
  expect(picture.status).toBe(201);
  return picture.body.url;
};

const saveKit = async (logo: string, cover = "") => {
  const saved = await owner.request("PUT", "/api/account/brand-kit", {
    logo,
    cover,
    primaryColor: "#7b2cbf",
    backgroundColor: "",
    textColor: "",
    fontId: "",
  });
  expect(saved.status).toBe(200);
};

const served = async (url: string) => (await fetch(`${server.url}${url}`)).status;

/** The picture's row, which names its stored file. */
async function stored(url: string): Promise<boolean> {
  const id = url.slice(url.lastIndexOf("/") + 1);
  const result = await server.database.db.execute(sql`SELECT storage_key FROM brand_assets WHERE id = ${id}`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

const idOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** Makes the picture look last named by anything a month ago, or uploaded two days ago. */
async function monthPasses(url: string) {
  await server.database.db.execute(
    sql`UPDATE brand_assets SET last_referenced_at = now() - interval '31 days' WHERE id = ${idOf(url)}`,
  );
}
async function dayPasses(url: string) {
  await server.database.db.execute(
    sql`UPDATE brand_assets SET created_at = now() - interval '2 days' WHERE id = ${idOf(url)}`,
  );
}

/** The hourly housekeeping, run now. */
const sweep = () => cleanUp(server.database.db, createDiskStorage(server.settings.storageDir));

describe("a brand kit's pictures", () => {
  it("are removed, file and row, 30 days after the kit replaces or drops them and nothing else names them", async () => {
    const first = await uploaded();
    const cover = await uploaded();
    await saveKit(first, cover);
    const second = await uploaded();
    await saveKit(second, cover);
    // A form editor still holding the old kit may apply it now: the replaced picture stays a while.
    expect(await served(first)).toBe(200);
    await monthPasses(first);
    await saveKit(second, cover);
    expect(await served(first)).toBe(404);
    expect(await stored(first)).toBe(false);
    expect(await served(second)).toBe(200);
    expect(await served(cover)).toBe(200);

    await saveKit(second, "");
    expect(await served(cover)).toBe(200);
    await monthPasses(cover);
    await sweep();
    expect(await served(cover)).toBe(404);
    expect(await stored(cover)).toBe(false);
    expect(await served(second)).toBe(200);
  });

  it("are kept while a form that applied the kit, or a theme, still shows them", async () => {
    const logo = await uploaded();
    const cover = await uploaded();
    const background = await uploaded();
    await saveKit(logo, cover);
    // What applying the kit writes: the logo over the page, the cover on the welcome screen.
    const form = await owner.post<{ form: { id: number } }>("/api/forms", {
      title: "Branded",
      logo,
      welcomeScreen: { enabled: true, title: "Hello", picture: cover },
    });
    expect(form.status).toBe(201);
    const userId = (await owner.get<{ id: number }>("/api/user")).body.id;
    const theme = await owner.post(`/api/form-themes/account/${userId}`, {
      name: "Pictured",
      styling: { formStyling: { pageBackground: `url(${background})` } },
    });
    expect(theme.status).toBeLessThan(300);
    await saveKit(background);
    await saveKit("");
    for (const url of [logo, cover, background]) await monthPasses(url);
    await sweep();

    for (const url of [logo, cover, background]) {
      expect(await served(url)).toBe(200);
      expect(await stored(url)).toBe(true);
    }
  });

  it("are removed when uploaded, never saved in the kit and left for a day", async () => {
    const kept = await uploaded();
    const left = await uploaded();
    const recent = await uploaded();
    await saveKit(kept);
    const id = left.slice(left.lastIndexOf("/") + 1);
    await server.database.db.execute(
      sql`UPDATE brand_assets SET created_at = now() - interval '2 days' WHERE id = ${id}`,
    );
    await saveKit(kept);
    expect(await served(left)).toBe(404);
    expect(await stored(left)).toBe(false);
    // Another tab of the account may be about to save it.
    expect(await served(recent)).toBe(200);
    expect(await served(kept)).toBe(200);
  });

  it("left unsaved for a day are removed by the hourly housekeeping, without any kit being saved", async () => {
    const { api } = await signUpWithAccount(server.api, "kitnosave");
    const picture = await upload(api);
    expect(picture.status).toBe(201);
    const fresh = await upload(api);
    await dayPasses(picture.body.url);
    await sweep();
    expect(await served(picture.body.url)).toBe(404);
    expect(await stored(picture.body.url)).toBe(false);
    expect(await served(fresh.body.url)).toBe(200);
  });

  it("are kept while a custom page or an e-mail notification shows them, however the address is written", async () => {
    const inPage = await uploaded();
    const encoded = await uploaded();
    const inMail = await uploaded();
    const id = idOf(encoded);
    // Fastify decodes the path, so %61 is the letter a and %30 the digit 0.
    const percent = id.replace(/[0-9a-f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const page = await owner.post("/api/pages", {
      title: "Pictured page",
      body: `<p>Our logo</p><img src="${inPage}" alt="Logo"><img src="/api/assets/${percent}" alt="Cover">`,
    });
    expect(page.status).toBeLessThan(300);
    expect(await served(`/api/assets/${percent}`)).toBe(200);
    const form = await owner.post<{ form: { id: number } }>("/api/forms", { title: "Mailed" });
    const notification = await owner.post(`/api/forms/${form.body.form.id}/email-notifications`, {
      adminName: "Team",
      subject: "New",
      message: `<p>Thanks</p><img src="${server.url.replace("http:", "https:")}${inMail}">`,
      to: { formAuthor: true },
    });
    expect(notification.status).toBeLessThan(300);
    for (const url of [inPage, encoded, inMail]) await dayPasses(url);
    await saveKit("");
    await sweep();
    for (const url of [inPage, encoded, inMail]) {
      expect(await served(url)).toBe(200);
      expect(await stored(url)).toBe(true);
    }
  });
});

describe("uploading brand kit pictures", () => {
  it("is limited per person: a burst past the limit is refused with a message code, storing nothing", async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => upload(flooder)));
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(20);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body).toMatchObject({
      code: "brand_kit.image.rate_limited",
      message: expect.stringContaining("Too many pictures"),
    });
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeGreaterThan(0);
    const userId = (await flooder.get<{ id: number }>("/api/user")).body.id;
    const rows = await server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM brand_assets WHERE uploaded_by = ${userId}`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(20);
  });

  it("is refused once the account holds 20 pictures no kit names, even for uploads at once", async () => {
    const forget = () =>
      server.database.db.execute(sql`DELETE FROM rate_counters WHERE key LIKE 'brand-image:%'`);
    const first = await Promise.all(Array.from({ length: 15 }, () => upload(hoarder)));
    expect(first.every((answer) => answer.status === 201)).toBe(true);
    // Later windows, as if an hour had passed: only the pictures held count now.
    await forget();
    const burst = await Promise.all(Array.from({ length: 10 }, () => upload(hoarder)));
    expect(burst.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = burst.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(5);
    expect(refused[0]).toMatchObject({
      status: 409,
      body: { code: "brand_kit.image.unsaved_limit", message: expect.stringContaining("not saved") },
    });
    await forget();
    expect((await upload(hoarder)).status).toBe(409);
    const userId = (await hoarder.get<{ id: number }>("/api/user")).body.id;
    const rows = await server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM brand_assets WHERE uploaded_by = ${userId}`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(20);
    // Saving one in the kit frees its place.
    const kit = {
      logo: first[0]?.body.url,
      cover: "",
      primaryColor: "",
      backgroundColor: "",
      textColor: "",
      fontId: "",
    };
    expect((await hoarder.request("PUT", "/api/account/brand-kit", kit)).status).toBe(200);
    expect((await upload(hoarder)).status).toBe(201);
  });
});
