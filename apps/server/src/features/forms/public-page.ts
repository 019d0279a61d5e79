import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { TPublicForm } from "@formloom/core/api/forms";
import type { TShownEnding } from "@formloom/core/ending-screens";
import type { TPostedForm } from "@formloom/core/form-post";
import { keptPathArgs, START_PARAM } from "@formloom/core/path-args";
import { redirectTarget, showsFormAgain, type TRespondentOutcome } from "@formloom/core/thank-you";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../../http/context.ts";
import { optionalUser } from "../../http/context.ts";
import { AppError } from "../../http/errors.ts";
import { allowFormActionTo } from "../../http/security.ts";
import { issueRespondentCookie, respondentOf } from "../answers/respondent.ts";
import { sentKey, sentUnderKey } from "../answers/sent-outcome.ts";
import { CHAIN_PARAM, chainPlace } from "../form-chains/respondent.ts";
import { countView, isHumanView } from "../statistics/visits.ts";
import { publicFormByPath } from "./public.ts";
import { subdomainOfHost } from "./public-link.ts";

/** Where a public form lives (the web app's FillLocation). */
export interface PublicPageLocation {
  alias: string;
  subdomain: string;
  thankYou: boolean;
  /** Past the welcome screen: its Start was followed as a link (`?start=1`). */
  started: boolean;
  pathArgs: Record<string, string>;
}

export type PublicPageForm = { kind: "ready"; data: TPublicForm } | { kind: "failed"; code: string };

/** What the web app's server renderer (apps/web/src/fill/entry-server.tsx) takes. */
export interface PublicPageRequest {
  template: string;
  url: string;
  location: PublicPageLocation | null;
  form: PublicPageForm;
  /** A form sent without JavaScript and refused: what was answered and what was wrong. */
  submitted?: TPostedForm | undefined;
  /** The result of the calculation form just sent without JavaScript, for its thank-you page. */
  outcome?: TRespondentOutcome | null | undefined;
  /** The ending screen the form just sent without JavaScript reached, for its thank-you page. */
  ending?: TShownEnding | null | undefined;
  /** A form that shows itself again, just sent without JavaScript: the result it gave (null: none). */
  sentAgain?: { outcome: TRespondentOutcome | null } | undefined;
}

interface RendererModule {
  renderPublicPage(request: PublicPageRequest): string;
}

/** Renders the public form page on the server: the built page with the form's questions in it. */
export interface PublicPageRenderer {
  render(request: Omit<PublicPageRequest, "template">): string;
}

/**
 * The web app's server renderer, built beside its pages (`npm run build`: apps/web/dist-ssr).
 * Undefined when the web app is not built: the page is then drawn in the browser, as in
 * development.
 */
export async function loadPublicPageRenderer(
  webDist: string,
  log?: FastifyBaseLogger,
): Promise<PublicPageRenderer | undefined> {
  const page = path.join(webDist, "fill.html");
  const entry = path.join(path.dirname(webDist), "dist-ssr", "entry-server.js");
  if (!existsSync(page) || !existsSync(entry)) return undefined;
  const template = readFileSync(page, "utf8");
  const module = (await import(pathToFileURL(entry).href)) as RendererModule;
  return {
    render: (request) => {
      try {
        return module.renderPublicPage({ ...request, template });
      } catch (error) {
        // A form the server cannot draw is still drawn by the browser, as before rendering here.
        log?.error({ err: error, path: request.url }, "the public page could not be rendered");
        return template;
      }
    },
  };
}

const ALIAS_MAX = 80;
const SUBDOMAIN_MAX = 63;

/** The account a request names: `?a=<subdomain>`, else the first label of a host like <subdomain>.forms.example.com. */
function subdomainOf(deps: Deps, request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown>;
  if (typeof query.a === "string" && query.a) return query.a.slice(0, SUBDOMAIN_MAX);
  return subdomainOfHost(request.hostname, deps.settings.publicUrl);
}

/**
 * The form a public page request opens, or the notice shown instead (its message code and
 * status), looked up as `GET /api/forms/path/...` looks it up.
 */
export async function publicPageForm(
  deps: Deps,
  request: FastifyRequest<{ Params: { alias: string } }>,
  thankYou: boolean,
): Promise<{ status: number; location: PublicPageLocation | null; form: PublicPageForm }> {
  const alias = request.params.alias;
  const subdomain = subdomainOf(deps, request);
  const query = request.query as Record<string, unknown> | undefined;
  const asked = {
    alias,
    subdomain: subdomain ?? "",
    thankYou,
    started: query?.[START_PARAM] === "1",
    pathArgs: pathArgsOfRequest(request),
  };
  if (alias.length > ALIAS_MAX) return { status: 404, location: null, form: notice("form.not_found") };
  try {
    const visitor = await optionalUser(deps, request).catch(() => undefined);
    // Without a subdomain the alias alone may name the form (when one account publishes it).
    const data = await publicFormByPath(deps.db, alias, subdomain ?? "", visitor, {
      thankYou,
      uploadMaxBytes: deps.settings.uploadMaxBytes,
    });
    const token = query?.[CHAIN_PARAM];
    const chain = await chainPlace(
      deps.db,
      deps.secrets,
      data.form.id,
      typeof token === "string" ? token : undefined,
    );
    if (chain) data.chain = chain;
    return {
      status: 200,
      location: { ...asked, subdomain: data.form.accountSubdomain },
      form: { kind: "ready", data },
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A form for signed-in users keeps its link, short or not: signing in comes back to it, and
    // the page asks again once the browser knows the visitor.
    const kept = subdomain || error.code === "form.access_denied";
    return { status: error.status, location: kept ? asked : null, form: notice(error.code) };
  }
}

const notice = (code: string): PublicPageForm => ({ kind: "failed", code });

/**
 * Sends a rendered public page: HTML that may change with the form, so always revalidated. A form
 * its author keeps out of search engines says so in a header too, which crawlers read before the page.
 */
export function sendPublicPage(
  reply: FastifyReply,
  status: number,
  html: string,
  form: PublicPageForm,
): FastifyReply {
  if (form.kind === "ready" && form.data.form.hideFromSearchEngines) reply.header("x-robots-tag", "noindex");
  // Posted without its script, the form is sent on to its author's link after storing.
  const redirect = form.kind === "ready" ? redirectTarget(form.data.form) : null;
  if (redirect) allowFormActionTo(reply, redirect);
  return reply.status(status).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
}

/**
 * What the page after a form sent without JavaScript tells of the submission its address names
 * (`?fl-sent=<key>`): the thank-you page its result and ending screen, a form that shows itself
 * again that the answers were sent. A thank-you page that names a submission shows what that one
 * reached, also when that is nothing: never what an earlier submission in the same tab kept.
 */
async function sentPage(
  deps: Deps,
  data: TPublicForm,
  thankYou: boolean,
  request: FastifyRequest,
): Promise<Pick<PublicPageRequest, "outcome" | "ending" | "sentAgain">> {
  const key = sentKey(request.query);
  if (!key || (!thankYou && !showsFormAgain(data.form))) return {};
  const sent = await sentUnderKey(deps.db, data.form.id, key, respondentOf(request));
  if (thankYou) return sent ?? { outcome: null, ending: null };
  return sent ? { sentAgain: { outcome: sent.outcome } } : {};
}

/** GET /f/:alias and /f/:alias/thankyou, rendered on the server with the form's questions. */
export function publicPageRoutes(app: FastifyInstance, deps: Deps, renderer: PublicPageRenderer): void {
  const page =
    (thankYou: boolean) =>
    async (request: FastifyRequest<{ Params: { alias: string } }>, reply: FastifyReply) => {
      const { status, location, form } = await publicPageForm(deps, request, thankYou);
      if (form.kind === "ready") issueRespondentCookie(request, reply);
      const drawn = form.kind === "ready" ? await sentPage(deps, form.data, thankYou, request) : {};
      // A person opening the form counts as a view of it; its thank-you page does not, nor the
      // form shown again after sending (as it is with a script, which shows it without asking).
      if (form.kind === "ready" && !thankYou && !drawn.sentAgain && isHumanView(request)) {
        await countView(deps.db, form.data.form).catch((error: unknown) =>
          request.log.error({ err: error }, "a view of the form could not be counted"),
        );
      }
      // The page's own address (og:url) is the configured one: a Host header is the caller's to choose.
      const url = `${deps.settings.linkBase}${request.url}`;
      return sendPublicPage(
        reply,
        status,
        renderer.render({
          url,
          location,
          form,
          ...drawn,
        }),
        form,
      );
    };
  // Pages, not calls of the API: left out of its reference.
  app.get("/f/:alias", { schema: { hide: true } }, page(false));
  app.get("/f/:alias/thankyou", { schema: { hide: true } }, page(true));
}

/** The query parameters of the link a public page was asked for, as path args. */
export function pathArgsOfRequest(request: FastifyRequest): Record<string, string> {
  const query = request.url.indexOf("?");
  return query === -1 ? {} : keptPathArgs(new URLSearchParams(request.url.slice(query)));
}
