import { z } from "zod";
import { HELP_LINK_TYPES } from "../custom-pages.ts";
import { isValidWebsite, normalizeExternalLink } from "../links.ts";

export const ZPageBody = z.object({
  title: z.string().trim().min(1, "page.title.empty").max(200),
  /** Slugged as forms.md §5 says; empty takes the title's slug. */
  alias: z.string().trim().max(80).default(""),
  /** HTML from the editor; the server keeps only what sanitising allows. */
  body: z.string().max(8_000_000).default(""),
  isPublished: z.boolean().default(false),
  /** Public pages open at /pages/:alias without signing in; internal ones at /page/{alias}. */
  isPublic: z.boolean().default(false),
});
export type TPageBody = z.input<typeof ZPageBody>;

export const ZPage = z.object({
  id: z.number(),
  title: z.string(),
  alias: z.string(),
  body: z.string(),
  isPublished: z.boolean(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPage = z.infer<typeof ZPage>;

/** A public page as anyone reads it. */
export const ZPublicPage = ZPage.pick({ title: true, alias: true, body: true, updatedAt: true });
export type TPublicPage = z.infer<typeof ZPublicPage>;

/** platform.md §3 "Help menu link": an internal page's alias or an outside address. */
export const ZHelpLink = z.object({
  id: z.number(),
  text: z.string(),
  href: z.string(),
  typeMachineName: z.enum(HELP_LINK_TYPES),
});
export type THelpLink = z.infer<typeof ZHelpLink>;

/**
 * An outside link as platform.md §5 takes one: a website (an address without a scheme gets
 * http:// in front), a mailto: or a tel: link. An inside link is a page's alias.
 */
const ZHelpLinkInput = z
  .object({
    text: z.string().trim().min(1, "help_link.invalid").max(100),
    href: z.string().trim().min(1, "help_link.invalid").max(2000),
    typeMachineName: z.enum(HELP_LINK_TYPES),
  })
  .transform((link) =>
    link.typeMachineName === "external_link" ? { ...link, href: normalizeExternalLink(link.href) } : link,
  )
  .refine(
    (link) =>
      link.typeMachineName === "external_link"
        ? isValidWebsite(link.href) || /^(mailto|tel):[^\s]+$/i.test(link.href)
        : /^[a-z0-9-]+$/.test(link.href),
    { message: "help_link.invalid", path: ["href"] },
  );

export const ZHelpMenuBody = z.object({ pageMenuLinks: z.array(ZHelpLinkInput).max(50) });
export type THelpMenuBody = z.input<typeof ZHelpMenuBody>;
export const ZHelpMenu = z.object({ pageMenuLinks: z.array(ZHelpLink) });
