import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  groupWith,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

const PUBLIC_URL = "https://forms.example.com";

let server: TestServer;
let owner: ApiClient;
let ownerAccountId: number;
let other: ApiClient;
let formId: number;

interface FormBody {
  form: { id: number; formPathAlias: string; publicLink?: string; account: { subdomain: string } };
}
interface Embedding {
  id: number;
  formId: number;
  name: string;
  type: string;
  options: { height: number; buttonText: string; buttonColor: string; side: string };
  created: string;
  updated: string;
}
interface ErrorBody {
  code: string;
  validationErrors?: Array<{ field: string; code: string }>;
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
  ({ api: owner, accountId: ownerAccountId } = await signUpWithAccount(server.api, "publisher"));
  ({ api: other } = await signUpWithAccount(server.api, "neighbour"));
  formId = (await owner.post<FormBody>("/api/forms", sampleForm)).body.form.id;
});
afterAll(() => server.close());

/** A GET with its own Host header, as a browser on <subdomain>.forms.example.com sends it. */
function getWithHost(path: string, host: string): Promise<{ status: number; text: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { hostname: url.hostname, port: url.port, path, headers: { host } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
  });
}

const embeddingsOf = (id: number) => `/api/forms/${id}/embeddings`;

describe("embeddings of a form", () => {
  it("are made, listed, read, changed and deleted, with defaults for the options", async () => {
    const created = await owner.post<Embedding>(embeddingsOf(formId), {
      name: "  Blog sidebar ",
      type: "iframe",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      formId,
      name: "Blog sidebar",
      type: "iframe",
      options: { height: 600, buttonText: "", buttonColor: "#3b5bdb", side: "right" },
    });
    const id = created.body.id;

    const popup = await owner.post<Embedding>(embeddingsOf(formId), {
      name: "Shop button",
      type: "popup_button",
      options: { buttonText: "Tell us", buttonColor: "#E8590C" },
    });
    expect(popup.status).toBe(201);
    const list = await owner.get<{ embeddings: Embedding[] }>(embeddingsOf(formId));
    expect(list.body.embeddings.map((e) => e.name)).toEqual(["Shop button", "Blog sidebar"]);

    const edited = await owner.request<Embedding>("PUT", `${embeddingsOf(formId)}/${id}`, {
      name: "Help panel",
      type: "panel_widget",
      options: { side: "left", buttonText: "Help" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, name: "Help panel", type: "panel_widget" });
    expect(edited.body.options).toMatchObject({ side: "left", buttonText: "Help" });
    expect(Date.parse(edited.body.updated)).toBeGreaterThanOrEqual(Date.parse(created.body.updated));
    expect((await owner.get<Embedding>(`${embeddingsOf(formId)}/${id}`)).body).toEqual(edited.body);

    expect((await owner.delete(`${embeddingsOf(formId)}/${id}`)).status).toBe(204);
    const gone = await owner.get<ErrorBody>(`${embeddingsOf(formId)}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("embedding.not_found");
    expect((await owner.delete<ErrorBody>(`${embeddingsOf(formId)}/${id}`)).body.code).toBe(
      "embedding.not_found",
    );
  });

  it("need a name of at least 2 characters, a known type and sensible options", async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: "", type: "iframe" }, "embedding.name.empty"],
      [{ name: "   ", type: "iframe" }, "embedding.name.empty"],
      [{ name: "A", type: "iframe" }, "embedding.name.too_short"],
      [{ name: " B ", type: "iframe" }, "embedding.name.too_short"],
      [{ name: "Footer", type: "banner" }, "embedding.type.invalid"],
      [{ name: "Footer", type: "iframe", options: { height: 50 } }, "embedding.height.invalid"],
      [{ name: "Footer", type: "iframe", options: { buttonColor: "red;x" } }, "embedding.color.invalid"],
      [
        { name: "Footer", type: "iframe", options: { buttonText: "x".repeat(61) } },
        "embedding.button_text.too_long",
      ],
    ];
    for (const [body, code] of cases) {
      const response = await owner.post<ErrorBody>(embeddingsOf(formId), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code, JSON.stringify(body)).toBe(code);
    }
    const first = (await owner.get<{ embeddings: Embedding[] }>(embeddingsOf(formId))).body.embeddings[0]!;
    const edit = await owner.request<ErrorBody>("PUT", `${embeddingsOf(formId)}/${first.id}`, {
      name: "x",
      type: "iframe",
    });
    expect(edit.status).toBe(400);
    expect(edit.body.validationErrors?.[0]).toMatchObject({
      field: "name",
      code: "embedding.name.too_short",
    });
  });

  it("belong to their account: another account neither sees nor changes them, nor adds to the form", async () => {
    const mine = await owner.post<Embedding>(embeddingsOf(formId), { name: "Private", type: "iframe" });
    const path = `${embeddingsOf(formId)}/${mine.body.id}`;
    expect((await other.get(embeddingsOf(formId))).status).toBe(404);
    expect((await other.get(path)).status).toBe(404);
    expect((await other.request("PUT", path, { name: "Taken", type: "iframe" })).status).toBe(404);
    expect((await other.delete(path)).status).toBe(404);
    expect((await other.post(embeddingsOf(formId), { name: "Planted", type: "iframe" })).status).toBe(404);
    // The other account's own form with the same id space cannot reach this embedding either.
    const theirs = (await other.post<FormBody>("/api/forms", { title: "Theirs" })).body.form.id;
    expect((await other.get(`${embeddingsOf(theirs)}/${mine.body.id}`)).status).toBe(404);
    expect((await owner.get<Embedding>(path)).body.name).toBe("Private");
  });

  it("are read by whoever sees the form and changed only by those who may edit it", async () => {
    const viewer = await addMember(server, ownerAccountId, "viewer");
    await groupWith(owner, "Viewers", [viewer.id], ["forms.view"]);
    expect((await viewer.api.get(embeddingsOf(formId))).status).toBe(200);
    const refused = await viewer.api.post<ErrorBody>(embeddingsOf(formId), {
      name: "Viewer's",
      type: "iframe",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("not_allowed");
  });

  it("go with their form when it is deleted", async () => {
    const temporary = (await owner.post<FormBody>("/api/forms", { title: "Short-lived" })).body.form.id;
    await owner.post(embeddingsOf(temporary), { name: "Doomed", type: "iframe" });
    expect((await owner.delete(`/api/forms/${temporary}`)).status).toBe(204);
    const { embeddings } = await import("../src/db/schema.ts");
    const { eq } = await import("drizzle-orm");
    expect(
      await server.database.db.select().from(embeddings).where(eq(embeddings.formId, temporary)),
    ).toEqual([]);
  });
});

describe("links that work as shared", () => {
  const create = (api: ApiClient, alias: string, isPublished = true) =>
    api.post<FormBody>("/api/forms", { ...sampleForm, formPathAlias: alias, isPublished });

  it("opens /f/<alias> without the account while one account alone publishes the alias", async () => {
    const made = await create(owner, "only-here");
    const subdomain = made.body.form.account.subdomain;
    const found = await server.api.get<{ form: { id: number; accountSubdomain: string } }>(
      "/api/forms/path/only-here",
    );
    expect(found.status).toBe(200);
    expect(found.body.form).toMatchObject({ id: made.body.form.id, accountSubdomain: subdomain });
    // Case does not matter, as with the account named.
    expect((await server.api.get("/api/forms/path/Only-Here")).status).toBe(200);
    expect(made.body.form.publicLink).toBe(`${PUBLIC_URL}/f/only-here`);
    expect((await owner.get<FormBody>(`/api/forms/${made.body.form.id}`)).body.form.publicLink).toBe(
      `${PUBLIC_URL}/f/only-here`,
    );
  });

  it("refuses an alias two accounts publish, and names neither form; each account's link still works", async () => {
    const mine = await create(owner, "shared-name");
    const theirs = await create(other, "shared-name");
    const refused = await server.api.get<ErrorBody & { form?: unknown }>("/api/forms/path/shared-name");
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("form.alias.ambiguous");
    expect(refused.body.form).toBeUndefined();
    for (const made of [mine, theirs]) {
      const subdomain = made.body.form.account.subdomain;
      const named = await server.api.get<{ form: { id: number } }>(
        `/api/forms/path/shared-name/${subdomain}`,
      );
      expect(named.body.form.id).toBe(made.body.form.id);
      // The link to share names the account now that the alias is not unique.
      const view = await owner.request<FormBody>("GET", `/api/forms/${made.body.form.id}`);
      if (made === mine) expect(view.body.form.publicLink).toBe(`${PUBLIC_URL}/f/shared-name?a=${subdomain}`);
    }
  });

  it("opens the one unpublished form of an alias as closed, and lets a form published elsewhere win over it", async () => {
    // The owner's short link is shown before publishing: its respondents read that it is closed.
    await create(owner, "draft-only", false);
    const draft = await server.api.get<ErrorBody>("/api/forms/path/draft-only");
    expect(draft.status).toBe(403);
    expect(draft.body.code).toBe("form.closed");

    const closed = await create(owner, "half-open", false);
    const open = await create(other, "half-open");
    const found = await server.api.get<{ form: { id: number } }>("/api/forms/path/half-open");
    expect(found.body.form.id).toBe(open.body.form.id);
    // The owner's own link names the account, since another account uses the alias too.
    const closedView = await owner.get<FormBody>(`/api/forms/${closed.body.form.id}`);
    expect(closedView.body.form.publicLink).toMatch(/\/f\/half-open\?a=/);
    const named = await server.api.get<ErrorBody>(
      `/api/forms/path/half-open/${closed.body.form.account.subdomain}`,
    );
    expect(named.status).toBe(403);
    expect(named.body.code).toBe("form.closed");
  });

  it("takes the account from a host in front of the public address, and none from the public address itself", async () => {
    const mine = await create(owner, "by-host");
    await create(other, "by-host");
    const subdomain = mine.body.form.account.subdomain;
    const viaHost = await getWithHost(`/api/forms/path/by-host`, `${subdomain}.forms.example.com`);
    expect(viaHost.status).toBe(200);
    expect((JSON.parse(viaHost.text) as { form: { id: number } }).form.id).toBe(mine.body.form.id);
    const bare = await getWithHost(`/api/forms/path/by-host`, "forms.example.com");
    expect(bare.status).toBe(404);
    expect(JSON.parse(bare.text)).toMatchObject({ code: "form.alias.ambiguous" });
    // The public address has three labels but names no account: a unique alias still opens.
    await create(owner, "host-unique");
    expect((await getWithHost(`/api/forms/path/host-unique`, "forms.example.com")).status).toBe(200);
  });

  it("keeps refusing an unknown alias with and without the account", async () => {
    expect((await server.api.get<ErrorBody>("/api/forms/path/nothing-here")).body.code).toBe(
      "form.not_found",
    );
    expect((await server.api.get("/api/forms/path/nothing-here/nobody")).status).toBe(404);
  });
});
