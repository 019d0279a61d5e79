import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TTokens } from "@formloom/core/api/auth";
import { buildApp } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/connect.ts";
import type { LogDestination } from "../src/http/logging.ts";
import { loadSettings, type Settings } from "../src/settings.ts";
import { copyPgliteTemplate, createDatabaseStatement, databaseUrl, onServer } from "./database-template.ts";

/** A fresh database for one test file: a new PGlite directory, or a new PostgreSQL database. */
export async function freshDatabaseTarget(): Promise<{
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "formloom-test-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    copyPgliteTemplate(dataDir);
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }

  const name = `formloom_test_${randomBytes(6).toString("hex")}`;
  await onServer(adminUrl, createDatabaseStatement(name));
  return {
    databaseUrl: throughPooler(databaseUrl(adminUrl, name)),
    dataDir,
    drop: async () => {
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With TEST_DATABASE_POOLER (PgBouncer's address, set by scripts/pooled-tests.ts) the servers reach
 * their databases through the pooler in transaction mode, as a pooled deployment does.
 */
function throughPooler(url: string): string {
  const pooler = process.env.TEST_DATABASE_POOLER;
  if (!pooler) return url;
  const through = new URL(url);
  through.host = new URL(pooler).host;
  return through.toString();
}

export interface TestServer {
  url: string;
  settings: Settings;
  /** For setting up data no API call makes yet; tests speak HTTP for everything else. */
  database: Database;
  api: ApiClient;
  close(): Promise<void>;
}

/**
 * The real server on an ephemeral port, speaking HTTP, against a fresh database. It logs nothing
 * unless given somewhere to write; then warnings and errors go there.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  logDestination?: LogDestination,
): Promise<TestServer> {
  const target = await freshDatabaseTarget();
  const settings = loadSettings({
    DATA_DIR: target.dataDir,
    LOG_LEVEL: logDestination ? "warn" : "silent",
    SEED_DEMO: "false",
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...(process.env.TEST_DATABASE_POOLER ? { DATABASE_POOLED: "true" } : {}),
    ...env,
  });
  const database = await openDatabase(settings);
  const app = await buildApp(settings, database, logDestination);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    settings,
    database,
    api: new ApiClient(url),
    close: async () => {
      await app.close();
      await database.close();
      await target.drop();
    },
  };
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
}

/** A small HTTP client over fetch; it returns the status and parsed body and never throws on 4xx. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  as(token: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  async request<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const init: RequestInit = {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    };
    const response = await fetch(`${this.baseUrl}${url}`, init);
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(url: string) {
    return this.request<T>("GET", url);
  }
  post<T = Record<string, unknown>>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", url, body ?? {}, headers);
  }
  patch<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>("PATCH", url, body ?? {});
  }
  delete<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>("DELETE", url, body);
  }
}

let counter = 0;

/** Registers a user, creates an account for them, and returns a client signed in as its admin. */
export async function signUpWithAccount(
  api: ApiClient,
  name = "acme",
): Promise<{ api: ApiClient; tokens: TTokens; accountId: number; subdomain: string }> {
  const tokens = await registerUser(api, name);
  const client = api.as(tokens.token);
  const subdomain = `${name}-${++counter}-${randomBytes(3).toString("hex")}`;
  const created = await client.post<{ id: number }>("/api/account/create", {
    name: `${name} team`,
    subdomain,
    type: "company",
    acceptDpa: true,
  });
  if (created.status !== 201) throw new Error(`account create failed: ${created.text}`);
  return { api: client, tokens, accountId: created.body.id, subdomain };
}

/**
 * A fresh server with one account and its admin signed in: the start most API tests share.
 * The subdomain is the account's, for the public paths of its forms.
 */
export async function startWithAccount(name: string) {
  const server = await startTestServer();
  return { server, ...(await signUpWithAccount(server.api, name)) };
}

/** Creates a form as this client (the sample form unless told) and returns it, or fails the test. */
export async function createForm(
  api: ApiClient,
  form: Record<string, unknown> = sampleForm,
): Promise<{ id: number; formPathAlias: string }> {
  const created = await api.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", form);
  if (created.status !== 201) throw new Error(`form create failed: ${created.text}`);
  return created.body.form;
}

/** Sends one submission as a respondent and returns its id, or fails the test. */
export async function submitAnswers(
  api: ApiClient,
  formId: number,
  answers: Array<{ fieldId: string; answer: unknown }>,
): Promise<number> {
  const sent = await api.post<{ id: number }>("/api/forms/answer", { formId, answers });
  if (sent.status !== 201) throw new Error(`submission failed: ${sent.text}`);
  return sent.body.id;
}

export async function registerUser(api: ApiClient, name = "user"): Promise<TTokens> {
  const username = `${name.slice(0, 6)}${++counter}${randomBytes(2).toString("hex")}`;
  const response = await api.post<TTokens>("/api/register", {
    username,
    email: `${username}@example.com`,
    password: "secret123",
    passwordConfirmation: "secret123",
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  });
  if (response.status !== 202) throw new Error(`register failed: ${response.text}`);
  // The new user signs in with the password they chose; the address stays unconfirmed.
  const login = await api.post<TTokens>("/api/login", { username, password: "secret123" });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  return login.body;
}

/**
 * Opens the confirmation link mailed to this client's user, as its owner would: the code is read
 * from the queued mail itself, and confirmed through the API. Answers the confirmation's response.
 */
export async function confirmEmailByLink(server: TestServer, api: ApiClient): Promise<ApiResponse> {
  const { email } = (await api.get<{ email: string }>("/api/user")).body;
  const [mail] = await server.database.raw.query<{ text: string }>(
    "select text from mail_outbox where lower(\"to\") = lower($1) and text like '%/confirm_email?code=%' order by id desc limit 1",
    [email],
  );
  const code = /\/confirm_email\?code=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no confirmation mail to ${email}`);
  return server.api.post("/api/email-confirm", { code });
}

/** The rows of a statement run through Drizzle's execute, as either engine's driver gives them. */
export const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** A small published form: a required name, an optional e-mail and a single choice. */
/**
 * The follow-up rule of an NPS survey: the question `target` is shown only to detractors, those who
 * gave the question `nps` 6 or less.
 */
export const showToDetractors = (nps: string, target: string) => ({
  id: "low",
  name: "Ask what went wrong",
  if: {
    kind: "group",
    combinator: "AND",
    conditions: [{ kind: "field", fieldId: nps, operator: "lowerOrEqual", value: 6 }],
  },
  // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
  then: [{ type: "show", fieldIds: [target] }],
});

export const sampleForm = {
  title: "Customer survey",
  fields: [
    { id: "name", fieldType: "text", question: "Your name", isRequired: true },
    { id: "mail", fieldType: "email", question: "E-mail" },
    {
      id: "color",
      fieldType: "radio",
      question: "Favourite colour",
      fieldSettings: {
        answerVariants: [
          { id: "red", title: "Red", value: "1" },
          { id: "blue", title: "Blue", value: "2" },
        ],
      },
    },
  ],
};

/** A member (not an admin) of the account, signed in; tests of rights start from one. */
export async function addMember(
  server: TestServer,
  accountId: number,
  name = "member",
): Promise<{ api: ApiClient; id: number; username: string; refreshToken: string }> {
  const { hashPassword } = await import("../src/auth/passwords.ts");
  const { users } = await import("../src/db/schema.ts");
  const username = `${name.slice(0, 6)}${++counter}${randomBytes(2).toString("hex")}`;
  const [row] = await server.database.db
    .insert(users)
    .values({
      accountId,
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword("member123"),
      // Joined through an invitation to this address, which confirms it.
      emailConfirmedAt: new Date(),
    })
    .returning();
  const login = await server.api.post<TTokens>("/api/login", { username, password: "member123" });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  return {
    api: server.api.as(login.body.token),
    id: row!.id,
    username,
    refreshToken: login.body.refresh_token,
  };
}

/** A group with these members and functional permissions, made through the API by an admin. */
export async function groupWith(
  admin: ApiClient,
  name: string,
  userIds: number[],
  permissions: string[],
): Promise<number> {
  const created = await admin.post<{ id: number }>("/api/account/group/create", { groupName: name });
  if (created.status !== 201) throw new Error(`group create failed: ${created.text}`);
  const id = created.body.id;
  if (userIds.length > 0) await admin.post(`/api/account/group/${id}/users/add`, { userIds });
  await admin.post(`/api/account/group/${id}/permissions/set`, { permissions });
  return id;
}

export interface DocumentedRoute {
  /** `method path` as the OpenAPI document spells it, e.g. `get /api/forms/{id}`. */
  key: string;
  method: string;
  path: string;
  /** Whether the route takes a JSON body (a file upload's multipart body is not one). */
  hasBody: boolean;
  /** The JSON body's schema, when the route takes one. */
  body?: Record<string, unknown>;
  query: Array<{ name: string; schema: Record<string, unknown> }>;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  parameters?: Array<{ in: string; name: string; schema?: Record<string, unknown> }>;
}

/** Every route of the server's own OpenAPI document, for tests that walk them all. */
export async function documentedRoutes(api: ApiClient): Promise<DocumentedRoute[]> {
  const doc = await api.get<{ paths: Record<string, Record<string, OpenApiOperation>> }>("/api/docs/json");
  return Object.entries(doc.body.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      key: `${method} ${path}`,
      method: method.toUpperCase(),
      path,
      hasBody: operation.requestBody?.content?.["application/json"] !== undefined,
      body: operation.requestBody?.content?.["application/json"]?.schema,
      query: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
    })),
  );
}

/**
 * Credits `amount` USD to the client's account with the offline provider (a server started with
 * OFFLINE_PAYMENTS), confirmed as the payer's button does; the payment's public id.
 */
export async function payOffline(server: TestServer, client: ApiClient, amount: number): Promise<string> {
  const started = await client.post<{ publicId: string; redirectUrl: string }>(
    "/api/account/billing/payment",
    {
      amount,
      currency: "USD",
      provider: "offline",
    },
  );
  if (started.status !== 201) throw new Error(`the payment did not start: ${started.text}`);
  const confirmed = await server.api.post(`/api/payments/${started.body.publicId}/offline/confirm`);
  if (confirmed.status !== 200) throw new Error(`the payment was not confirmed: ${confirmed.text}`);
  return started.body.publicId;
}
