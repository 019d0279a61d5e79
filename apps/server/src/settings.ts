import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EDITOR_IMAGE_MAX_BYTES } from "@formloom/core/custom-pages";
import { z } from "zod";
import { SERVER_ROOT } from "./paths.ts";

/** A page registration links to: an http(s) address, or a path of this app such as /pages/terms. */
function ZPageAddress(name: string) {
  return z
    .string()
    .regex(
      /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/,
      `${name} must be an http(s) address or a path starting with /`,
    );
}

/** The one place the environment is read (README, "Settings"). */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOLED: z.enum(["true", "false"]).default("false"),
  DATA_DIR: z.string().optional(),
  /** The embedded database's buffer cache, e.g. "16MB"; unset: PGlite's own (128MB). */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, "PGLITE_SHARED_BUFFERS must be a size such as 16MB (kB, MB or GB)")
    .optional(),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  SECRET_KEY: z.string().min(32, "SECRET_KEY must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Formloom <no-reply@localhost>"),
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(2000),
  OUTSIDE_MAIL_PER_DAY: z.coerce.number().int().min(0).default(200),
  PASSWORD_RESET_ENABLED: z.enum(["true", "false"]).default("true"),
  REGISTRATION_ENABLED: z.enum(["true", "false"]).default("true"),
  /** The largest image a custom page may carry, in MB; unset: 100 KB (forms.md §9). */
  EDITOR_IMAGE_MAX_MB: z.coerce.number().positive().max(20).optional(),
  PUBLIC_URL: z.url().optional(),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  /** Behind a reverse proxy: "true" (trust all) or proxy addresses separated by commas. */
  TRUST_PROXY: z.string().default("false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  STORAGE_DIR: z.string().optional(),
  /** "s3": uploads and exports live in an S3-compatible bucket, shared by every process. */
  STORAGE_DRIVER: z.enum(["disk", "s3"]).default("disk"),
  /** Another S3-compatible service than Amazon's (MinIO, Ceph, R2...); unset: Amazon S3. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** Unset: the AWS SDK's own chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** bucket in the path (`endpoint/bucket/key`) rather than in the host name; default: with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(10),
  /** The most a filling's video or audio capture may weigh in all, in MB. */
  CAPTURE_MAX_MB: z.coerce.number().positive().max(4096).default(100),
  TERMS_URL: ZPageAddress("TERMS_URL").default("/pages/terms"),
  PRIVACY_URL: ZPageAddress("PRIVACY_URL").default("/pages/privacy"),
  EXPORT_JOB_THRESHOLD: z.coerce.number().int().min(0).default(10_000),
  EXPORT_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** Webhook endpoints allowed although private: host names, addresses or CIDR ranges, by commas. */
  WEBHOOK_ALLOW_HOSTS: z.string().default(""),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** Where to report vulnerabilities, for /.well-known/security.txt: mailto:, https: or tel: URIs by commas. */
  SECURITY_CONTACT: z
    .string()
    .regex(
      /^\s*(mailto:|https:\/\/|tel:)[^\s,]+(\s*,\s*(mailto:|https:\/\/|tel:)[^\s,]+)*\s*$/,
      "SECURITY_CONTACT must be mailto:, https:// or tel: URIs separated by commas",
    )
    .optional(),
  AUTOMATION_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** "false" when separate `npm run worker` processes run the queues instead of the web server. */
  RUN_WORKERS: z.enum(["true", "false"]).default("true"),
  /** An OAuth client of Google's (a web application): exports to Google Sheets need one. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_SHEETS_API_URL: z.url().default("https://sheets.googleapis.com"),
  /** "true" turns on the offline payment provider, which confirms on a button: development only. */
  OFFLINE_PAYMENTS: z.enum(["true", "false"]).default("false"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().default("https://api.stripe.com"),
  BILLING_CURRENCY: z.enum(["USD", "EUR", "GBP", "UAH"]).default("USD"),
  BILLING_POLL_MS: z.coerce.number().int().min(50).default(60_000),
  /** An HTTP endpoint taking POST {to, text} JSON: the SMS notifications service sends through it. */
  SMS_GATEWAY_URL: z.url().optional(),
  /** The instance's support operators, by their accounts' e-mails separated by commas. */
  SUPPORT_OPERATORS: z.string().default(""),
  /** The interviewer maps' tiles: an https address with {z}, {x} and {y}; unset, the maps draw a plain grid. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/\S+$/)
    .refine((url) => ["{z}", "{x}", "{y}"].every((place) => url.includes(place)))
    .optional(),
});

export interface Settings {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_URL leads to a pooler in transaction mode (PgBouncer): no session state is relied on. */
  databasePooled: boolean;
  /** PostgreSQL's shared_buffers for the embedded database; undefined: PGlite's own. */
  pgliteSharedBuffers: string | undefined;
  dataDir: string;
  jwtSecret: string;
  /** Encrypts secrets the product must read back, such as third-party API keys. */
  secretKey: string;
  publicUrl: string | undefined;
  /** Where links in e-mails point: PUBLIC_URL, else this machine. Never the request's Host header. */
  linkBase: string;
  smtpUrl: string | undefined;
  /** Invitations and other mail to addresses outside an account, per account and day. */
  outsideMailPerDay: number;
  mailFrom: string;
  mailPollMs: number;
  passwordResetEnabled: boolean;
  /** "New user registration is temporary disabled" when false. */
  registrationEnabled: boolean;
  editorImageMaxBytes: number;
  seedDemo: boolean;
  logLevel: string;
  /** Whether to take the client's address from X-Forwarded-For (Fastify's trustProxy). */
  trustProxy: boolean | string[];
  accessTokenTtlSeconds: number;
  /** The built web app, served when present. */
  webDist: string;
  /** After SIGTERM, how long /api/ready answers 503 while requests are still served. */
  shutdownDrainMs: number;
  /** Where uploaded files are kept on disk (DATA_DIR/files by default). */
  storageDir: string;
  /** Set: uploaded files are kept in this S3-compatible bucket instead of storageDir. */
  s3: S3Settings | undefined;
  /** The most one uploaded file may weigh; a field may set less. */
  uploadMaxBytes: number;
  /** The most one filling's video or audio capture may weigh, its chunks together. */
  captureMaxBytes: number;
  /** The terms and the privacy policy that registration asks to accept. */
  termsUrl: string;
  privacyUrl: string;
  /** Exports of more submissions than this run as jobs, with progress and a download link. */
  exportJobThreshold: number;
  /** How often the server looks for export jobs to run. */
  exportPollMs: number;
  /** Host names, addresses and CIDR ranges webhooks may reach although they are not public. */
  webhookAllowHosts: string[];
  /** How often the server looks for webhook deliveries that are due. */
  webhookPollMs: number;
  /** Published in /.well-known/security.txt; none: the file is not served. */
  securityContact: string[];
  /** How often the server looks for submissions' notifications and rule actions to run. */
  automationPollMs: number;
  /** Whether the web server runs the job workers itself (mail, exports, webhooks, automation). */
  runWorkers: boolean;
  /** Google's OAuth client and endpoints, for exports to Google Sheets. */
  google: GoogleSettings;
  /** Payment providers: the offline one and Stripe Checkout. */
  payments: PaymentSettings;
  /** The currency balances are kept and services priced in. */
  billingCurrency: string;
  /** How often the server looks for services' monthly charges that are due. */
  billingPollMs: number;
  /** Where texts of the SMS notifications service go; null: none are sent. */
  smsGatewayUrl: string | null;
  /**
   * E-mails of the people who answer support tickets of every account (lower case); a user is
   * one once that address of theirs is confirmed.
   */
  supportOperators: string[];
  /** Where the interviewer maps take their tiles from; null draws them without tiles. */
  mapTileUrl: string | null;
}

export interface S3Settings {
  /** Unset: Amazon S3 of the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK finds credentials itself. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export interface PaymentSettings {
  offline: boolean;
  stripeSecretKey: string | undefined;
  /** Verifies the signatures of Stripe's webhooks; unset, they are refused. */
  stripeWebhookSecret: string | undefined;
  /** Stripe's API (tests point it at a local server). */
  stripeApiUrl: string;
}

export interface GoogleSettings {
  /** Unset: the server cannot connect Google accounts and says so. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** The consent page, the token endpoint and the Sheets API's base (tests point them at a local server). */
  oauthUrl: string;
  tokenUrl: string;
  sheetsApiUrl: string;
}

export class SettingsError extends Error {}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  // An empty variable (`DATABASE_URL=` in an env file) means the same as an unset one.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  // npm runs workspace scripts inside the workspace: a relative DATA_DIR means relative to where
  // the user typed the command, and the default is data/ at the repository's root.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = values.DATA_DIR
    ? path.resolve(base, values.DATA_DIR)
    : path.resolve(SERVER_ROOT, "../../data");
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databasePooled: values.DATABASE_POOLED === "true",
    pgliteSharedBuffers: values.PGLITE_SHARED_BUFFERS,
    dataDir,
    jwtSecret: values.JWT_SECRET ?? storedSecret(dataDir, "jwt-secret"),
    secretKey: values.SECRET_KEY ?? storedSecret(dataDir, "secret-key"),
    publicUrl: values.PUBLIC_URL,
    linkBase: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailPollMs: values.MAIL_POLL_MS,
    outsideMailPerDay: values.OUTSIDE_MAIL_PER_DAY,
    passwordResetEnabled: values.PASSWORD_RESET_ENABLED === "true",
    registrationEnabled: values.REGISTRATION_ENABLED === "true",
    editorImageMaxBytes: values.EDITOR_IMAGE_MAX_MB
      ? Math.round(values.EDITOR_IMAGE_MAX_MB * 1024 * 1024)
      : EDITOR_IMAGE_MAX_BYTES,
    seedDemo: values.SEED_DEMO === "true",
    logLevel: values.LOG_LEVEL,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    webDist: path.resolve(SERVER_ROOT, "../web/dist"),
    shutdownDrainMs: values.SHUTDOWN_DRAIN_MS,
    storageDir: values.STORAGE_DIR ? path.resolve(base, values.STORAGE_DIR) : path.join(dataDir, "files"),
    s3: s3Settings(values),
    uploadMaxBytes: Math.round(values.UPLOAD_MAX_MB * 1024 * 1024),
    captureMaxBytes: Math.round(values.CAPTURE_MAX_MB * 1024 * 1024),
    termsUrl: values.TERMS_URL,
    privacyUrl: values.PRIVACY_URL,
    exportJobThreshold: values.EXPORT_JOB_THRESHOLD,
    exportPollMs: values.EXPORT_POLL_MS,
    webhookAllowHosts: values.WEBHOOK_ALLOW_HOSTS.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    webhookPollMs: values.WEBHOOK_POLL_MS,
    securityContact: (values.SECURITY_CONTACT ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    automationPollMs: values.AUTOMATION_POLL_MS,
    runWorkers: values.RUN_WORKERS === "true",
    google: {
      clientId: values.GOOGLE_CLIENT_ID,
      clientSecret: values.GOOGLE_CLIENT_SECRET,
      oauthUrl: values.GOOGLE_OAUTH_URL,
      tokenUrl: values.GOOGLE_TOKEN_URL,
      sheetsApiUrl: values.GOOGLE_SHEETS_API_URL.replace(/\/+$/, ""),
    },
    payments: {
      offline: values.OFFLINE_PAYMENTS === "true",
      stripeSecretKey: values.STRIPE_SECRET_KEY,
      stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: values.STRIPE_API_URL,
    },
    billingCurrency: values.BILLING_CURRENCY,
    billingPollMs: values.BILLING_POLL_MS,
    smsGatewayUrl: values.SMS_GATEWAY_URL ?? null,
    supportOperators: values.SUPPORT_OPERATORS.split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    mapTileUrl: values.MAP_TILE_URL ?? null,
  };
}

function s3Settings(values: z.infer<typeof ZEnv>): S3Settings | undefined {
  if (values.STORAGE_DRIVER !== "s3") return undefined;
  if (!values.S3_BUCKET)
    throw new SettingsError("Invalid settings:\n  S3_BUCKET: STORAGE_DRIVER=s3 needs a bucket");
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new SettingsError(
      "Invalid settings:\n  S3_ACCESS_KEY_ID: give S3_SECRET_ACCESS_KEY with it, or neither",
    );
  return {
    endpoint: values.S3_ENDPOINT,
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: (values.S3_FORCE_PATH_STYLE ?? String(Boolean(values.S3_ENDPOINT))) === "true",
  };
}

/** A secret generated on first start and kept in the data directory, so tokens survive restarts. */
function storedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

/** Never trusted by default: a forged X-Forwarded-For would otherwise pass an IP allow-list. */
function parseTrustProxy(value: string): boolean | string[] {
  if (value === "true" || value === "false") return value === "true";
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}
