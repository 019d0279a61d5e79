/** The sets the form templates are offered in; the templates page's address names one. */
export const TEMPLATE_SETS = ["marketing", "hr", "education", "events"] as const;
export type TemplateSet = (typeof TEMPLATE_SETS)[number];
