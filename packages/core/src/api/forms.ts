import { z } from "zod";
import { ZFormClosed } from "../closing.ts";
import { scopeCustomCss } from "../custom-css.ts";
import { ZElement, ZElements } from "../element-schema.ts";
import { ZFormSettings, ZFormSettingsPatch } from "../form-schema.ts";
import { isSafePictureUrl, isSafeResourceUrl, isValidWebsite } from "../links.ts";
import { styleProblems } from "../style-guard.ts";
import { ZChainPlace } from "./form-chains.ts";

/**
 * Settings checked where the author sends them (forms.md §5): the redirect after submission must be
 * a website when the form redirects, the completion rules' link a website, mailto: or tel: link, and
 * each consent option needs a text and an id of its own. Stored forms are read without these
 * checks, so an older form still opens (and is exported as it is); a copy or an import is checked
 * as a save is.
 */
function checkSettings(
  settings: {
    afterFormFillingActions?: { submissionAction: string; customUrl: string } | undefined;
    completionRules?: { link: string } | undefined;
    capturingConfirmPopup?: { checkboxes: Array<{ id: string; label: string }> } | undefined;
    behavioralConfirmPopup?: { checkboxes: Array<{ id: string; label: string }> } | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const actions = settings.afterFormFillingActions;
  if (actions?.submissionAction === "redirectToUrl") {
    const code = !actions.customUrl.trim()
      ? "form.custom_url.required"
      : isValidWebsite(actions.customUrl)
        ? undefined
        : "form.custom_url.invalid";
    if (code) ctx.addIssue({ code: "custom", message: code, path: ["afterFormFillingActions", "customUrl"] });
  }
  const link = settings.completionRules?.link.trim();
  if (link && !/^(mailto|tel):\S+$/i.test(link) && !isValidWebsite(link))
    ctx.addIssue({
      code: "custom",
      message: "form.completion_link.invalid",
      path: ["completionRules", "link"],
    });
  for (const popup of ["capturingConfirmPopup", "behavioralConfirmPopup"] as const) {
    const boxes = settings[popup]?.checkboxes ?? [];
    const ids = new Set<string>();
    boxes.forEach((box, index) => {
      if (!box.label.trim())
        ctx.addIssue({
          code: "custom",
          message: "form.consent_option.empty",
          path: [popup, "checkboxes", index, "label"],
        });
      else if (ids.has(box.id))
        ctx.addIssue({
          code: "custom",
          message: "form.consent_option.duplicate",
          path: [popup, "checkboxes", index, "id"],
        });
      ids.add(box.id);
    });
  }
}

interface FormAddresses {
  formFiles?: Array<{ file: { url: string } }> | undefined;
  fields?:
    | Array<{ fieldSettings?: { answerVariants?: Array<{ image?: string | undefined }> | undefined } }>
    | undefined;
}

/**
 * Refuses an address an author put in for respondents to open or see that is not a safe one
 * (links.ts): a form's files and the pictures of image options. A script address there would run
 * in the respondent's page. Part of the save's schema, which imports and copies go through too.
 */
function checkResourceUrls(form: FormAddresses, ctx: z.RefinementCtx): void {
  const unsafe = (path: Array<string | number>) =>
    ctx.addIssue({ code: "custom", message: "form.url.unsafe", path });
  form.formFiles?.forEach((entry, index) => {
    if (!isSafeResourceUrl(entry.file.url)) unsafe(["formFiles", index, "file", "url"]);
  });
  form.fields?.forEach((field, index) => {
    field.fieldSettings?.answerVariants?.forEach((variant, at) => {
      if (variant.image !== undefined && !isSafePictureUrl(variant.image))
        unsafe(["fields", index, "fieldSettings", "answerVariants", at, "image"]);
    });
  });
}

/** A theme's random 9-character id (forms.md §9), as the theme lists show it. */
const THEME_UID = /^[0-9a-z]{9}$/;

interface AuthoredStyles {
  themeId?: string | null | undefined;
  customCss?: string | undefined;
  fields?: Array<{ styleSettings?: { fieldsStyling?: Record<string, unknown> } | undefined }> | undefined;
}

/**
 * What an author writes to style the form, checked when it is saved: the theme it names, its own
 * style sheet, and each element's own styling, held to the style guard's grammar as the form's
 * levels are by their schema (drawing would only drop a value, and the author not learn why).
 */
function checkStyles(form: AuthoredStyles, ctx: z.RefinementCtx): void {
  if (typeof form.themeId === "string" && !THEME_UID.test(form.themeId))
    ctx.addIssue({ code: "custom", message: "form.theme.invalid", path: ["themeId"] });
  // Read by a CSS parser: refused whole at its first problem, which names the line.
  const custom = form.customCss === undefined ? undefined : scopeCustomCss(form.customCss);
  if (custom && !custom.ok)
    ctx.addIssue({
      code: "custom",
      message: custom.code,
      path: ["customCss"],
      ...(custom.line ? { params: { line: custom.line } } : {}),
    });
  form.fields?.forEach((field, index) => {
    for (const problem of styleProblems(field.styleSettings?.fieldsStyling ?? {}))
      ctx.addIssue({
        code: "custom",
        message: problem.code,
        path: ["fields", index, "styleSettings", "fieldsStyling", problem.property],
      });
  });
}

/** A new form's settings and fields, as the service stores them. */
export const ZFormCreateInput = ZFormSettings.extend({ fields: ZElements.default([]) });
/**
 * What an author sends to create a form: the same, with the links, addresses and styling checked.
 * Every new form passes it, a copy, an import and a template's included (the server's createForm).
 */
export const ZFormCreateBody = ZFormCreateInput.superRefine(checkSettings)
  .superRefine(checkResourceUrls)
  .superRefine(checkStyles);
export type TFormCreateBody = z.input<typeof ZFormCreateBody>;

export const ZFormPatchInput = ZFormSettingsPatch.extend({ fields: ZElements.optional() });
export const ZFormPatchBody = ZFormPatchInput.superRefine(checkSettings)
  .superRefine(checkResourceUrls)
  .superRefine(checkStyles);
export type TFormPatchBody = z.input<typeof ZFormPatchBody>;

const ZPerson = z.object({ id: z.number(), username: z.string(), email: z.string() });

/** A form as the API returns it: its settings plus identity and dates. */
export const ZFormView = ZFormSettings.extend({
  id: z.number(),
  creationDate: z.string(),
  lastChangeDate: z.string(),
  lastAnsweredDate: z.string().nullable(),
  creator: ZPerson.nullable(),
  account: z.object({ id: z.number(), name: z.string(), subdomain: z.string() }),
  /**
   * The shortest link that opens the published form: /f/<alias> on the public address, with
   * `?a=<subdomain>` only when another account has a form of the same alias.
   */
  publicLink: z.string().optional(),
  /** Why the form no longer takes submissions though published (its date passed, its limit reached); null while it does. */
  closed: ZFormClosed.nullable().optional(),
});
export type TFormView = z.infer<typeof ZFormView>;

/**
 * What the caller may do with the form, as the server's policy decides it, so the builder offers
 * only what a save would be allowed; the server still checks every change.
 */
export const ZFormRights = z.object({ edit: z.boolean(), delete: z.boolean(), clone: z.boolean() });
export type TFormRights = z.infer<typeof ZFormRights>;

export const ZFormWithFields = z.object({
  form: ZFormView,
  fields: ZElements,
  /** Questions deleted since, as they last were: the answers given to them are read by these. */
  removedFields: z.array(ZElement).default([]),
  rights: ZFormRights,
});
export type TFormWithFields = z.infer<typeof ZFormWithFields>;

export const ZFormListItem = z.object({
  id: z.number(),
  title: z.string(),
  formPathAlias: z.string(),
  isPublished: z.boolean(),
  type: z.string(),
  creationDate: z.string(),
  lastChangeDate: z.string(),
  /** Published, but no longer taking submissions: its closing date passed or its limit is reached. */
  closed: z.boolean(),
  /** The counts and the last submission's date are null to a caller who may not read the form's answers. */
  lastAnsweredDate: z.string().nullable(),
  answerCount: z.number().nullable(),
  newAnswerCount: z.number().nullable(),
});
export type TFormListItem = z.infer<typeof ZFormListItem>;

/** A form's submissions in numbers, for a caller who may read its answers. */
const ZFormAnswerCounts = z.object({
  formId: z.number(),
  title: z.string(),
  answerCount: z.number(),
  newAnswerCount: z.number(),
  lastAnsweredDate: z.string().nullable(),
});

/** The counts and the date are null to a caller who may not read the form's answers. */
export const ZFormSummary = ZFormAnswerCounts.extend({
  answerCount: z.number().nullable(),
  newAnswerCount: z.number().nullable(),
});
export type TFormSummary = z.infer<typeof ZFormSummary>;

/** The submissions popover: unread submissions in all, and the forms that have them. */
export const ZNewAnswerCount = z.object({ count: z.number(), forms: z.array(ZFormAnswerCounts) });
export type TNewAnswerCount = z.infer<typeof ZNewAnswerCount>;

/** The public view of a published form: what a respondent needs to fill it, nothing more. */
export const ZPublicForm = z.object({
  form: ZFormSettings.omit({ description: true }).extend({
    id: z.number(),
    description: z.string(),
    accountSubdomain: z.string(),
  }),
  fields: ZElements,
  /** The form has an enabled e-mail notification to an address the respondent is asked for. */
  asksEmail: z.boolean().optional(),
  /** Where the form stands in the form chain the respondent is going through, if any. */
  chain: ZChainPlace.optional(),
  /**
   * The largest file the server takes, in MB (UPLOAD_MAX_MB): given to a form with a file
   * question, whose page refuses a larger file before sending it and whose recorder keeps to it.
   */
  uploadMaxMb: z.number().optional(),
});
export type TPublicForm = z.infer<typeof ZPublicForm>;
