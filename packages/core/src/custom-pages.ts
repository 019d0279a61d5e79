// Custom pages' constants without the schemas, for the app's editor and Help menu.

/** forms.md §9: images in the rich-text editor stay under 100 KB unless the instance allows more. */
export const EDITOR_IMAGE_MAX_BYTES = 100 * 1024;

/** Aliases the app's own pages already use under /pages/. */
export const RESERVED_PAGE_ALIASES = ["terms", "privacy"] as const;

/** platform.md §3 "Help menu link": an internal page's alias or an outside address. */
export const HELP_LINK_TYPES = ["internal_alias", "external_link"] as const;
