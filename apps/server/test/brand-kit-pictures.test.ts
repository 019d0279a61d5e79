import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let owner: ApiClient;
let flooder: ApiClient;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  server = await startTestServer();
  ({ api: owner } = await signUpWithAccount(server.api, "kitpictures"));
  ({ api: flooder } = await signUpWithAccount(server.api, "kitflood"));
});
afterAll(() => server.close());

type Answer = { url: string; code?: string; message?: string };

async function upload(as: ApiClient) {
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "logo.png");
  const response = await fetch(`${server.url}/api/account/brand-kit/images`, {
    method: "POST",
    body,
    headers: { authorization: `Bearer ${as.token}` },
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer };
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

describe("a brand kit's pictures", () => {
  it("are removed, file and row, when the kit replaces or drops them and nothing else names them", async () => {
    const first = await uploaded();
    const cover = await uploaded();
    await saveKit(first, cover);
    const second = await uploaded();
    await saveKit(second, cover);
    expect(await served(first)).toBe(404);
    expect(await stored(first)).toBe(false);
    expect(await served(second)).toBe(200);
    expect(await served(cover)).toBe(200);

    await saveKit(second, "");
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
});
