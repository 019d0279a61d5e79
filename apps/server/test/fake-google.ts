import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Google: the consent page (which consents at once and redirects back), the
 * OAuth token endpoint (authorization code with PKCE, refresh) and the two Sheets REST calls an
 * export makes. It checks what a real server would and records what it received.
 */
export interface FakeGoogle {
  url: string;
  /** The settings that point the app at this server. */
  env: Record<string, string>;
  /** Every token request's form fields, in order. */
  tokenRequests: Record<string, string>[];
  /** Every consent asked for: its query. */
  consents: Record<string, string>[];
  /** Spreadsheets by id: their title, their sheet's title, the Google user who made them, the rows written. */
  sheets: Map<
    string,
    { title: string; sheetTitle: string; owner: string; rows: unknown[][]; appends: number }
  >;
  /** The next consent is given by this Google user (each consent gets a new one by default). */
  nextUser: string | undefined;
  /** Access tokens Google stops taking (as after an hour), refresh tokens still work. */
  expireAccessTokens(): void;
  /** The user took the app's access back: no token of theirs works any more. */
  revoke(owner: string): void;
  /** The next `times` calls to the Sheets API (or only its appends) answer `status`. */
  failSheets(status: number, times: number, only?: "append"): void;
  close(): Promise<void>;
}

export const CLIENT_ID = "formloom-test-client";
export const CLIENT_SECRET = "formloom-test-secret";

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const codes = new Map<string, { challenge: string; redirectUri: string; owner: string }>();
  const access = new Map<string, { owner: string; valid: boolean }>();
  const refresh = new Map<string, { owner: string; valid: boolean }>();
  let failures: { status: number; left: number; only?: "append" } = { status: 0, left: 0 };
  let users = 0;
  const token = () => randomBytes(16).toString("hex");

  const fake: FakeGoogle = {
    url: "",
    env: {},
    tokenRequests: [],
    consents: [],
    sheets: new Map(),
    nextUser: undefined,
    expireAccessTokens: () => {
      for (const entry of access.values()) entry.valid = false;
    },
    revoke: (owner) => {
      for (const map of [access, refresh])
        for (const entry of map.values()) if (entry.owner === owner) entry.valid = false;
    },
    failSheets: (status, times, only) => {
      failures = { status, left: times, only };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", fake.url);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      const query = Object.fromEntries(url.searchParams);
      fake.consents.push(query);
      const back = new URL(query.redirect_uri ?? "");
      back.searchParams.set("state", query.state ?? "");
      if (query.client_id !== CLIENT_ID || query.code_challenge_method !== "S256" || !query.code_challenge) {
        back.searchParams.set("error", "invalid_request");
      } else {
        const code = token();
        const owner = fake.nextUser ?? `google-user-${++users}`;
        fake.nextUser = undefined;
        codes.set(code, { challenge: query.code_challenge, redirectUri: query.redirect_uri ?? "", owner });
        back.searchParams.set("code", code);
      }
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    if (request.method === "POST" && url.pathname === "/token") {
      const form = Object.fromEntries(new URLSearchParams(await bodyOf(request)));
      fake.tokenRequests.push(form);
      if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET)
        return json(401, { error: "invalid_client" });
      let owner: string | undefined;
      if (form.grant_type === "authorization_code") {
        const pending = codes.get(form.code ?? "");
        codes.delete(form.code ?? "");
        const challenge = createHash("sha256")
          .update(form.code_verifier ?? "")
          .digest("base64url");
        if (pending && pending.challenge === challenge && pending.redirectUri === form.redirect_uri)
          owner = pending.owner;
      } else if (form.grant_type === "refresh_token") {
        const known = refresh.get(form.refresh_token ?? "");
        if (known?.valid) owner = known.owner;
      }
      if (!owner) return json(400, { error: "invalid_grant" });
      const accessToken = token();
      access.set(accessToken, { owner, valid: true });
      const answer: Record<string, unknown> = {
        access_token: accessToken,
        expires_in: 3599,
        token_type: "Bearer",
        scope: "https://www.googleapis.com/auth/spreadsheets",
      };
      if (form.grant_type === "authorization_code") {
        const refreshToken = token();
        refresh.set(refreshToken, { owner, valid: true });
        answer.refresh_token = refreshToken;
      }
      return json(200, answer);
    }
    if (request.method === "POST" && url.pathname.startsWith("/v4/spreadsheets")) {
      const body = await bodyOf(request);
      const bearer = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      const caller = access.get(bearer);
      if (!caller?.valid) return json(401, { error: { code: 401, status: "UNAUTHENTICATED" } });
      if (failures.left > 0 && (!failures.only || url.pathname.endsWith(":append"))) {
        failures.left--;
        response.writeHead(failures.status, { "content-type": "application/json", "retry-after": "0" });
        response.end(JSON.stringify({ error: { code: failures.status } }));
        return;
      }
      const payload = JSON.parse(body) as {
        properties?: { title?: string };
        sheets?: { properties?: { title?: string } }[];
        values?: unknown[][];
      };
      if (url.pathname === "/v4/spreadsheets") {
        const id = token();
        const sheetTitle = payload.sheets?.[0]?.properties?.title ?? "Sheet1";
        fake.sheets.set(id, {
          title: payload.properties?.title ?? "Untitled spreadsheet",
          sheetTitle,
          owner: caller.owner,
          rows: [],
          appends: 0,
        });
        return json(200, {
          spreadsheetId: id,
          spreadsheetUrl: `${fake.url}/spreadsheets/d/${id}/edit`,
          sheets: [{ properties: { sheetId: 0, title: sheetTitle } }],
        });
      }
      const append = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+):append$/.exec(url.pathname);
      const sheet = append ? fake.sheets.get(decodeURIComponent(append[1]!)) : undefined;
      if (!append || !sheet) return json(404, { error: { code: 404 } });
      if (sheet.owner !== caller.owner) return json(403, { error: { code: 403 } });
      const range = decodeURIComponent(append[2]!);
      const quotedTitle = `'${sheet.sheetTitle.replace(/'/g, "''")}'!A1`;
      if (range !== quotedTitle || url.searchParams.get("valueInputOption") !== "RAW")
        return json(400, { error: { code: 400, message: `bad range ${range}` } });
      sheet.rows.push(...(payload.values ?? []));
      sheet.appends++;
      return json(200, { spreadsheetId: append[1], updates: { updatedRows: payload.values?.length ?? 0 } });
    }
    if (request.method === "GET" && url.pathname.startsWith("/spreadsheets/d/")) {
      const id = url.pathname.split("/")[3] ?? "";
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><title>${fake.sheets.get(id)?.title ?? "Spreadsheet"}</title><h1>Spreadsheet</h1>`,
      );
      return;
    }
    json(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_OAUTH_URL: `${fake.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${fake.url}/token`,
    GOOGLE_SHEETS_API_URL: fake.url,
  };
  return fake;
}
