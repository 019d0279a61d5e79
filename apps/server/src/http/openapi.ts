import type { SwaggerOptions } from "@fastify/swagger";
import fastifySwaggerUi, { type FastifySwaggerUiOptions } from "@fastify/swagger-ui";
import { webhookPayloadJsonSchema } from "@formloom/core/api/webhook-payload";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Settings } from "../settings.ts";
import { EXAMPLES } from "./openapi-examples.ts";
import { FILE_UPLOADS, OPERATIONS, TAGS } from "./openapi-operations.ts";

/**
 * The served OpenAPI document (/api/docs/json), held to Redocly's recommended rules
 * (redocly.yaml, test/openapi-lint.test.ts). Every operation gets its summary, a stable
 * camelCase operationId and the error answers it can give, in one place: an operation listed in
 * openapi-operations.ts takes its words from there, any other is described from its method and
 * path, so a new route is documented without a line of its own.
 */

type Method = "get" | "post" | "put" | "patch" | "delete";
const METHODS: Method[] = ["get", "post", "put", "patch", "delete"];

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses?: Record<string, unknown>;
}

interface Document {
  paths?: Record<string, Partial<Record<Method, Operation>>>;
  tags?: Array<{ name: string; description: string }>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** The one error shape of the API (http/error-handler.ts). */
const API_ERROR_SCHEMA = {
  type: "object",
  required: ["code", "message"],
  properties: {
    code: { type: "string", description: "A message code of the spec, e.g. `request.invalid`." },
    message: { type: "string", description: "The code's English text." },
    validationErrors: {
      type: "array",
      description: "Which fields of the request were refused, and why.",
      items: {
        type: "object",
        required: ["field", "code", "message"],
        properties: {
          field: { type: "string" },
          code: { type: "string" },
          message: { type: "string" },
        },
      },
    },
  },
  example: { code: "request.invalid", message: "The request is invalid" },
};

const ERROR_ANSWERS: Record<string, string> = {
  "400": "The request is malformed or its values are refused (see validationErrors).",
  "401": "No valid bearer token came with the request.",
  "403": "The caller may not do this.",
  "404": "What the path names does not exist, or the caller may not see it.",
  "409": "It clashes with what is stored.",
  "413": "The request body is larger than the server takes (request.too_large).",
  "429": "Too many requests: Retry-After says when to try again.",
};

/**
 * Error answers of operations whose descriptions do not name them, with their codes; the codes a
 * description names as "(409 form.changed)" are added from the description itself.
 */
const ERRORS_NAMED_HERE: Record<string, Record<string, string[]>> = {
  "post /api/forms": { "409": ["form.alias.exists"] },
  "patch /api/forms/{id}": {
    "403": ["form_rule.field_not_readable", "form.formula_not_readable"],
    "409": ["form.changed", "form.alias.exists"],
  },
  "delete /api/forms/{id}": { "409": ["form.has_answers", "form.has.chain_elements"] },
  "post /api/forms/answer": {
    "403": ["form.closed", "submission.time_over"],
    "404": ["form.not_found"],
    "429": ["submission.too_soon"],
  },
  "post /api/forms/upload_file": { "403": ["form.closed"], "404": ["form.not_found"] },
  "post /api/forms/start": { "403": ["form.closed"], "404": ["form.not_found"] },
  "post /api/account/group/create": { "409": ["group.name.exists"] },
  "post /api/account/group/{id}/edit": { "409": ["group.name.exists"] },
  "post /api/register": { "409": ["register.username.exists"] },
  "post /api/reset-password/request": { "429": ["reset.already_sent"] },
  "post /api/email-confirm/resend": {
    "409": ["email_confirm.already_confirmed"],
    "429": ["email_confirm.already_sent"],
  },
  "get /api/exports/download/{token}": {
    "401": ["export.token_not_found"],
    "403": ["export.access_withdrawn"],
  },
  "post /api/account/service/add": { "404": ["service.not_found"], "409": ["service.already_added"] },
  "post /api/account/service/remove": { "404": ["service.not_added"] },
  "post /api/hooks": { "404": ["form.not_found"] },
  "post /api/form-chains": { "409": ["name.is_used"] },
  "post /api/login": { "401": ["auth.bad_credentials"] },
  "post /api/refresh": { "401": ["refresh_token.invalid"] },
};

const BINARY = { schema: { type: "string", format: "binary" } };

/** Operations that answer a file rather than JSON, and its types. */
const FILE_ANSWERS: Record<
  string,
  { status: string; description: string; content: Record<string, unknown> }
> = {
  "get /api/forms/{id}/answers/export/{format}": {
    status: "200",
    description: "The file, when the export is small enough to be written at once (else 202 and a job).",
    content: {
      "text/csv": { schema: { type: "string" } },
      "application/vnd.ms-excel": BINARY,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": BINARY,
      "application/x-spss-sav": BINARY,
    },
  },
  "get /api/forms/{id}/files/{fileId}": {
    status: "200",
    description: "The file, as a download, with the type it was stored with.",
    content: { "application/octet-stream": BINARY },
  },
};

/** The error answers a description names: "(429 upload.rate_limited)", "409 form.changed". */
function errorsNamedIn(description: string | undefined): Record<string, string[]> {
  const named: Record<string, string[]> = {};
  for (const [, status = "", code = ""] of (description ?? "").matchAll(
    /\b(4\d\d) ([a-z][a-z_]*(?:\.[a-z_]+)+)/g,
  ))
    named[status] = [...new Set([...(named[status] ?? []), code])];
  return named;
}

const SECURITY_SCHEMES = {
  bearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "The access token of a signed-in person (`POST /api/login`), valid for `ACCESS_TOKEN_TTL_SECONDS`; " +
      "`POST /api/refresh` gives a new one.",
  },
  externalAppToken: {
    type: "http",
    scheme: "bearer",
    description:
      "An external app's token (Account → External apps), sent as `Authorization: Bearer <token>`. " +
      "It acts for the account within the app's limits, never for password, token or membership changes.",
  },
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description:
      "An external app's token sent as an API key, the way Zapier, Make and n8n send one; it works " +
      "wherever the external app's bearer token does.",
  },
};

/**
 * How a route may be called without a token, by `method url`, recorded as routes are added: open to
 * anyone (config.public), or with a signed link in its query instead (config.publicWithLink).
 */
export type PublicRoutes = Map<string, "open" | "link">;

export function recordPublicRoutes(app: FastifyInstance): PublicRoutes {
  const found: PublicRoutes = new Map();
  app.addHook("onRoute", (route) => {
    const how = route.config?.public ? "open" : route.config?.publicWithLink ? "link" : undefined;
    if (!how) return;
    const url = route.url.replace(/:(\w+)/g, "{$1}");
    for (const method of [route.method].flat()) found.set(`${method.toLowerCase()} ${url}`, how);
  });
  return found;
}

/** Every route but the public ones: a person's access token, or an external app's. */
const DEFAULT_SECURITY: Array<Record<string, string[]>> = [{ bearer: [] }, { externalAppToken: [] }];

export function swaggerOptions(settings: Settings, publicRoutes: PublicRoutes): SwaggerOptions {
  return {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Formloom API",
        version: "0.1.0",
        description:
          "Build, publish and analyse forms. Every error answers `{ code, message, validationErrors? }`.",
        license: { name: "MIT", identifier: "MIT" },
      },
      servers: [
        {
          url: settings.publicUrl ? settings.publicUrl.replace(/\/+$/, "") : "/",
          description: "This server",
        },
      ],
      components: {
        securitySchemes: SECURITY_SCHEMES as never,
        schemas: { ApiError: API_ERROR_SCHEMA as never },
      },
      security: DEFAULT_SECURITY,
    },
    transform: jsonSchemaTransform,
    transformObject: (input) =>
      describe(jsonSchemaTransformObject(input) as Document, publicRoutes) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  };
}

/**
 * The reference at /api/docs: Swagger UI, served from the package's own files (no CDN), with the
 * operations folded so a phone shows the tags first, a filter, and no address bar to explore
 * other documents.
 */
const SWAGGER_UI_OPTIONS: FastifySwaggerUiOptions = {
  routePrefix: "/api/docs",
  uiConfig: { docExpansion: "none", deepLinking: true, filter: true, defaultModelsExpandDepth: -1 },
  theme: {
    title: "Formloom API reference",
    css: [
      {
        filename: "formloom.css",
        content:
          ".swagger-ui .topbar { display: none }\n" +
          "@media (max-width: 600px) { .swagger-ui .wrapper { padding: 0 8px } " +
          ".swagger-ui .opblock .opblock-summary-path { max-width: none; word-break: break-all } }\n",
      },
    ],
  },
};

/** Registers the reference; its page gets the viewport a phone needs to draw it at its own width. */
export async function apiReference(app: FastifyInstance): Promise<void> {
  app.addHook("onSend", async (_request, reply, payload) =>
    typeof payload === "string" && String(reply.getHeader("content-type")).startsWith("text/html")
      ? payload.replace(
          "<head>",
          '<head>\n<meta name="viewport" content="width=device-width, initial-scale=1">',
        )
      : payload,
  );
  await app.register(fastifySwaggerUi, SWAGGER_UI_OPTIONS);
}

/**
 * Adds what the routes do not say themselves: summaries, operationIds, error answers, tags and
 * the main bodies' examples.
 */
export function describe(document: Document, publicRoutes: PublicRoutes): Document {
  const used = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const key = `${method} ${path}`;
      const listed = OPERATIONS[key];
      operation.operationId ??= listed?.[0] ?? operationIdOf(method, path);
      operation.summary ??= listed?.[1] ?? summaryOf(method, path);
      operation.tags = operation.tags?.length ? operation.tags : [tagOf(path)];
      if (key in FILE_UPLOADS) operation.requestBody ??= fileUpload(FILE_UPLOADS[key]!);
      const json = operation.requestBody?.content?.["application/json"];
      if (json && key in EXAMPLES) json.example ??= EXAMPLES[key];
      for (const tag of operation.tags) used.add(tag);
      const open = publicRoutes.get(key) === "open";
      if (open) operation.security ??= [];
      // A signed link is the alternative to a token: no scheme at all ({}).
      if (publicRoutes.get(key) === "link") operation.security ??= [...DEFAULT_SECURITY, {}];
      const errors = [
        "400",
        ...(open ? [] : ["401", "403"]),
        ...(path.includes("{") ? ["404"] : []),
        ...(operation.requestBody ? ["413"] : []),
      ];
      const named = errorsNamedIn((operation as { description?: string }).description);
      for (const [status, codes] of Object.entries(ERRORS_NAMED_HERE[key] ?? {}))
        named[status] = [...new Set([...(named[status] ?? []), ...codes])];
      operation.responses ??= {};
      const file = FILE_ANSWERS[key];
      if (file) operation.responses[file.status] ??= { description: file.description, content: file.content };
      for (const status of new Set([...errors, ...Object.keys(named)].sort())) {
        const codes = named[status];
        const description = [
          ERROR_ANSWERS[status] ?? "Refused.",
          codes?.length ? `Codes: ${codes.join(", ")}.` : "",
        ];
        operation.responses[status] ??= {
          description: description.filter(Boolean).join(" "),
          content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
        };
      }
    }
  }
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, WebhookPayload: payloadSchema() };
  document.webhooks = {
    formSubmitted: {
      post: {
        operationId: "formSubmitted",
        summary: "A form was submitted (what webhooks and REST hooks send)",
        description:
          "Sent to each enabled webhook and REST hook of the form, signed by the Standard Webhooks rules " +
          "(`webhook-id`, `webhook-timestamp`, `webhook-signature` with the endpoint's secret). Any 2xx " +
          "answer delivers it; a 410 turns the webhook off; anything else is tried again, up to 10 times.",
        tags: ["webhooks"],
        security: [],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/WebhookPayload" } } },
        },
        responses: {
          "200": { description: "Delivered." },
          "410": { description: "The endpoint is gone: the webhook is turned off." },
        },
      },
    },
  };
  used.add("webhooks");
  document.tags = [...used]
    .sort()
    .map((name) => ({ name, description: TAGS[name] ?? `Operations on ${name}.` }));
  return document;
}

/** A multipart body of one file, in the field `file`. */
function fileUpload(description: string): Operation["requestBody"] {
  const file = { type: "string", format: "binary", description };
  return {
    required: true,
    content: {
      "multipart/form-data": { schema: { type: "object", required: ["file"], properties: { file } } },
    },
  };
}

/** The webhook payload's JSON Schema (GET /api/webhooks/payload-schema) as a component of the document. */
function payloadSchema(): Record<string, unknown> {
  const { $id: _id, $schema: _schema, ...schema } = webhookPayloadJsonSchema();
  return schema;
}

/** `get /api/forms/{id}/answer` → `getFormsIdAnswer`: stable as long as the path is. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method, ...words]
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join("");
}

const VERBS: Record<string, string> = {
  get: "Read",
  post: "Send",
  put: "Replace",
  patch: "Change",
  delete: "Delete",
};

/** `patch /api/forms/{id}` → `Change forms {id}`: a plain fallback for a route not in OPERATIONS. */
export function summaryOf(method: string, path: string): string {
  const rest = path.replace(/^\/api\//, "").replace(/[/_-]+/g, " ");
  return `${VERBS[method]} ${rest}`.trim();
}

/** The first segment after /api: forms, account, user… */
function tagOf(path: string): string {
  return path.replace(/^\/api\//, "").split("/")[0] || "api";
}
