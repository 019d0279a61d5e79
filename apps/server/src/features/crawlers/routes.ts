import type { FastifyInstance } from "fastify";
import type { Settings } from "../../settings.ts";

/**
 * What crawlers and security researchers read at the site's root: robots.txt lets search engines
 * index public form pages (/f/…) and keeps them out of the signed-in app and the API;
 * /.well-known/security.txt (RFC 9116) says whom to tell about a vulnerability, when
 * SECURITY_CONTACT is set.
 */
export function crawlerRoutes(app: FastifyInstance, settings: Settings): void {
  const text = "text/plain; charset=utf-8";
  app.get("/robots.txt", { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(text).header("cache-control", "public, max-age=3600").send(robotsTxt()),
  );
  app.get(
    "/.well-known/security.txt",
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply) => {
      if (settings.securityContact.length === 0) return reply.code(404).type(text).send("Not found\n");
      return reply
        .type(text)
        .header("cache-control", "public, max-age=3600")
        .send(securityTxt(settings, new Date()));
    },
  );
}

export function robotsTxt(): string {
  return ["User-agent: *", "Allow: /f/", "Allow: /pages/", "Disallow: /", ""].join("\n");
}

/** How long a security.txt stays valid: RFC 9116 advises less than a year. */
const SECURITY_TXT_DAYS = 180;

export function securityTxt(settings: Settings, now: Date): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_DAYS * 24 * 3600 * 1000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    ...settings.securityContact.map((contact) => `Contact: ${contact}`),
    `Expires: ${expires.toISOString()}`,
    "Preferred-Languages: en",
    ...(settings.publicUrl ? [`Canonical: ${settings.linkBase}/.well-known/security.txt`] : []),
    "",
  ].join("\n");
}
