import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG, uploadBrandPicture } from "./brand-pictures.ts";
import { type ApiClient, addMember, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let owner: ApiClient;
let other: ApiClient;
let member: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  let accountId: number;
  ({ api: owner, accountId } = await signUpWithAccount(server.api, "brand"));
  ({ api: other } = await signUpWithAccount(server.api, "rival"));
  member = (await addMember(server, accountId, "maker")).api;
});
afterAll(() => server.close());

type Asset = { url: string; mimeType: string; size: number; code?: string; validationErrors?: unknown[] };

async function upload(as: ApiClient, bytes: Buffer, name = "logo.png", type = "image/png") {
  const { status, body } = await uploadBrandPicture(server.url, as, bytes, name, type);
  return { status, body: body as Asset };
}

const kit = (logo: string) => ({
  logo,
  cover: "https://images.example.com/cover.jpg",
  primaryColor: "#7b2cbf",
  backgroundColor: "#fdf6ec",
  textColor: "#2b2d42",
  fontId: "lora",
});

describe("the account's brand kit", () => {
  it("is saved once by the owner, with an uploaded logo served to anyone as the picture it is", async () => {
    expect((await owner.get("/api/account/brand-kit")).body).toEqual({
      logo: "",
      cover: "",
      primaryColor: "",
      backgroundColor: "",
      textColor: "",
      fontId: "",
    });
    const logo = await upload(owner, PNG);
    expect(logo.status).toBe(201);
    expect(logo.body).toMatchObject({ mimeType: "image/png", size: PNG.length });
    expect(logo.body.url).toMatch(/^\/api\/assets\/[0-9a-f]{32}$/);

    const saved = await owner.request("PUT", "/api/account/brand-kit", kit(logo.body.url));
    expect(saved.status).toBe(200);
    expect((await owner.get("/api/account/brand-kit")).body).toEqual(kit(logo.body.url));
    // Everyone in the account reads it, to apply it to their forms.
    expect((await member.get("/api/account/brand-kit")).body).toEqual(kit(logo.body.url));

    const served = await fetch(`${server.url}${logo.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("is another account's own: it neither sees the kit nor may name the first account's pictures", async () => {
    const mine = await upload(owner, PNG);
    const theirs = await other.get("/api/account/brand-kit");
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ logo: "", fontId: "" });

    const borrowed = await other.request("PUT", "/api/account/brand-kit", kit(mine.body.url));
    expect(borrowed.status).toBe(400);
    expect(borrowed.body).toMatchObject({
      code: "brand_kit.image.unknown",
      validationErrors: [{ field: "logo", code: "brand_kit.image.unknown" }],
    });
    // The owner's kit is as the owner saved it.
    expect((await owner.get("/api/account/brand-kit")).body).toMatchObject({ fontId: "lora" });
  });

  it("is changed only by those who may edit the account, through the one permission check", async () => {
    const before = (await owner.get("/api/account/brand-kit")).body;
    const refused = await member.request("PUT", "/api/account/brand-kit", kit(""));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "not_allowed" });
    expect((await upload(member, PNG)).status).toBe(403);
    expect((await server.api.get("/api/account/brand-kit")).status).toBe(401);
    expect((await owner.get("/api/account/brand-kit")).body).toEqual(before);
  });

  it("refuses an upload that is no picture by its bytes, whatever its name says, with a message code", async () => {
    const script = await upload(owner, Buffer.from("<svg onload='alert(1)'></svg>"), "logo.png", "image/png");
    expect(script.status).toBe(400);
    expect(script.body).toMatchObject({
      code: "brand_kit.image.type",
      validationErrors: [{ field: "file", code: "brand_kit.image.type" }],
    });
    const pdf = await upload(owner, Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n"), "cover.jpg", "image/jpeg");
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({ code: "brand_kit.image.type" });
  });

  it("refuses a picture over the size limit with a message code, storing nothing", async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const refused = await upload(owner, huge);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: "brand_kit.image.too_large" });
  });

  it("refuses colours, pictures and fonts outside the styling grammar, keeping the kit as it was", async () => {
    const before = (await owner.get("/api/account/brand-kit")).body;
    const bad = await owner.request("PUT", "/api/account/brand-kit", {
      ...kit(""),
      cover: "javascript:alert(1)",
      primaryColor: "red; background: url(x)",
      fontId: "comic-sans",
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("style.url.forbidden");
    expect(bad.text).toContain("style.value.invalid");
    expect(bad.text).toContain("brand_kit.font.unknown");
    expect((await owner.get("/api/account/brand-kit")).body).toEqual(before);
  });

  it("answers a picture that does not exist with 404, and a malformed id without looking", async () => {
    expect((await fetch(`${server.url}/api/assets/${randomUUID().replaceAll("-", "")}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/assets/..%2f..%2fetc`)).status).toBe(400);
  });
});
