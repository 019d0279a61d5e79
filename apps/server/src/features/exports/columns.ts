import type { ExportDataType } from "@formloom/core/api/exports";
import type { TElement } from "@formloom/core/element-schema";
import { answerToText, holdsValue } from "@formloom/core/field-registry";
import { OTHER_PREFIX, removedVariantsOf, variantsOf, variantTitle } from "@formloom/core/field-types/choice";
import { fileRefsOf, isUploadField } from "@formloom/core/field-types/file-like";
import type { AnswerAccess } from "@formloom/core/permissions";
import { transliterate } from "@formloom/core/slug";
import { stripHtml } from "@formloom/core/text";
import { fileAddress } from "../files/file-links.ts";

/** One submission as an export reads it. */
export interface ExportRow {
  /** The form's own number of the submission, as the results table shows it (#12); its id stays internal. */
  number: number | null;
  startTime: Date | null;
  submitTime: Date;
  formPassingTime: number | null;
  isViewed: boolean;
  username: string | null;
  /** Answers by field id; answers of fields the form no longer has are in `archived`. */
  answers: Map<string, unknown>;
  /** With the deleted question as it last was, when the form kept it. */
  archived: { label: string; answer: unknown; element?: TElement }[];
  device: Record<string, unknown>;
  geo: Record<string, unknown> | null;
  score: number | null;
  result: unknown;
  /** The readers' tags; each field's points and readers' comments, by field id, as this reader may read them. */
  tags: string[];
  fieldScores: Record<string, number>;
  fieldComments: Record<string, string>;
}

export type Cell = string | number | Date | null;

/**
 * A column of the exported table. `labels` (SPSS only) names the codes of a choice; a column
 * of kind "number" or "date" holds numbers or dates, every other one text.
 */
export interface ExportColumn {
  header: string;
  /** The name an SPSS variable is made from (transliterated, made valid by the writer). */
  name: string;
  kind: "text" | "number" | "date";
  decimals?: number;
  labels?: [number, string][];
  value(row: ExportRow): Cell;
}

/** "table": CSV and spreadsheets (titles as text). "spss": codes with value labels, one column per option. */
export type Flavour = "table" | "spss";

export interface ColumnOptions {
  types: readonly ExportDataType[];
  plainText: boolean;
  flavour: Flavour;
  /** Whether the form is a calculation form (score and result columns). */
  scored: boolean;
  /** Whether some submissions hold answers of questions since deleted. */
  hasArchived: boolean;
  /** Where relative links (uploaded files) point. */
  linkBase: string;
  /** A file's address as the export's reader opens it without signing in (files/file-links.ts). */
  fileLink?: ((url: string) => string) | undefined;
  /** The questions the results table shows, when it was told; null: every question. */
  questionIds?: ReadonlySet<string> | null;
}

const NUMERIC_TYPES = new Set(["number", "slider", "nps", "rate", "scoring", "formula"]);
const SINGLE_CHOICE = new Set(["radio", "select"]);
const MANY_CHOICES = new Set(["checkbox", "multipleChoice"]);

/** The title a question goes by in the results: its question text, else its title or label. */
export function questionTitle(element: TElement, plainText: boolean): string {
  const raw = element.question || element.title || element.fieldLabel || element.id;
  const text = plainText ? stripHtml(raw) : raw;
  return text.replace(/\s+/g, " ").trim() || element.id;
}

function variableWish(element: TElement, title: string): string {
  return element.formulaName || transliterate(title).slice(0, 40) || element.id;
}

const asList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((id): id is string => typeof id === "string" && id !== "")
    : typeof value === "string" && value !== ""
      ? [value]
      : [];

export function answerText(element: TElement, answer: unknown, options: ColumnOptions): string | null {
  if (answer === undefined || answer === null) return null;
  const files = isUploadField(element) ? fileRefsOf(answer) : null;
  if (files) {
    return files
      .map((file) => `${file.name} (${fileAddress(file.url, options.linkBase, options.fileLink)})`)
      .join(", ");
  }
  // The respondent's words are plain text already: only the author's markup is taken out.
  return answerToText(element, answer) || null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The columns one question gives. */
function questionColumns(element: TElement, options: ColumnOptions): ExportColumn[] {
  const title = questionTitle(element, options.plainText);
  const wish = variableWish(element, title);
  const get = (row: ExportRow) => row.answers.get(element.id);
  const type = element.fieldType;
  const variants = variantsOf(element);
  // Options removed since follow the current ones (and Other), so the codes of those stay as they were.
  const removed = removedVariantsOf(element);
  const titleOf = (id: string) => variantTitle(element, id);
  const plain = (text: string) => (options.plainText ? stripHtml(text) : text);

  if (type === "matrix") {
    return (element.fieldSettings.questions ?? []).map((row, index) => {
      const header = `${title}: ${plain(row.question)}`;
      const cell = (r: ExportRow) => {
        const answer = get(r);
        return answer && typeof answer === "object"
          ? asList((answer as Record<string, unknown>)[row.id])
          : [];
      };
      if (options.flavour === "spss" && !row.multiple) {
        return {
          header,
          name: `${wish}_${index + 1}`,
          kind: "number",
          decimals: 0,
          labels: [...variants, ...removed].map((v, i) => [i + 1, plain(v.title)] as [number, string]),
          value: (r) => {
            const index = [...variants, ...removed].findIndex((v) => v.id === cell(r)[0]);
            return index < 0 ? null : index + 1;
          },
        };
      }
      return {
        header,
        name: `${wish}_${index + 1}`,
        kind: "text",
        value: (r) => cell(r).map(titleOf).map(plain).join(", ") || null,
      };
    });
  }

  if (NUMERIC_TYPES.has(type)) {
    // Scales of whole steps show no decimals; a number or a slider may have them.
    const decimals = type === "number" || type === "slider" || type === "formula" ? 2 : 0;
    return [{ header: title, name: wish, kind: "number", decimals, value: (r) => numberOrNull(get(r)) }];
  }

  if (options.flavour === "spss") {
    const multiple = MANY_CHOICES.has(type) || (type === "imageChoice" && element.fieldSettings.multiple);
    const single = SINGLE_CHOICE.has(type) || (type === "imageChoice" && !element.fieldSettings.multiple);
    const hasOther = element.fieldSettings.hasOtherVariant === true;
    const other: ExportColumn[] = hasOther
      ? [
          {
            header: `${title}: Other`,
            name: `${wish}_other`,
            kind: "text",
            value: (r) =>
              plain(
                asList(get(r))
                  .find((id) => id.startsWith(OTHER_PREFIX))
                  ?.slice(OTHER_PREFIX.length) ?? "",
              ) || null,
          },
        ]
      : [];
    if (single) {
      const labels = variants.map((v, i) => [i + 1, plain(v.title)] as [number, string]);
      if (hasOther) labels.push([variants.length + 1, "Other"]);
      const removedFrom = variants.length + 2;
      for (const [i, v] of removed.entries()) labels.push([removedFrom + i, plain(v.title)]);
      return [
        {
          header: title,
          name: wish,
          kind: "number",
          decimals: 0,
          labels,
          value: (r) => {
            const [id] = asList(get(r));
            if (id === undefined) return null;
            if (id.startsWith(OTHER_PREFIX)) return variants.length + 1;
            const index = variants.findIndex((v) => v.id === id);
            if (index >= 0) return index + 1;
            const gone = removed.findIndex((v) => v.id === id);
            return gone < 0 ? null : removedFrom + gone;
          },
        },
        ...other,
      ];
    }
    if (multiple) {
      return [
        ...[...variants, ...removed].map(
          (variant, index): ExportColumn => ({
            header: `${title}: ${plain(variant.title)}`,
            name: `${wish}_${index + 1}`,
            kind: "number",
            decimals: 0,
            labels: [
              [0, "Not chosen"],
              [1, "Chosen"],
            ],
            value: (r) => {
              const answer = get(r);
              return answer === undefined || answer === null
                ? null
                : asList(answer).includes(variant.id)
                  ? 1
                  : 0;
            },
          }),
        ),
        ...other,
      ];
    }
    if (type === "decisionBox" || type === "like") {
      const yes = type === "like" ? "like" : true;
      return [
        {
          header: title,
          name: wish,
          kind: "number",
          decimals: 0,
          labels:
            type === "like"
              ? [
                  [0, "Dislike"],
                  [1, "Like"],
                ]
              : [
                  [0, "No"],
                  [1, "Yes"],
                ],
          value: (r) => {
            const answer = get(r);
            return answer === undefined || answer === null ? null : answer === yes ? 1 : 0;
          },
        },
      ];
    }
  }

  return [{ header: title, name: wish, kind: "text", value: (r) => answerText(element, get(r), options) }];
}

function resultText(result: unknown): string | null {
  if (!result || typeof result !== "object") return null;
  const outcome = result as {
    view?: string;
    passed?: boolean;
    brief?: string;
    categories?: { title: string }[];
  };
  if (outcome.view === "passed_failed") return outcome.passed ? "Passed" : "Failed";
  if (outcome.view === "categories") return outcome.categories?.map((c) => c.title).join(", ") || null;
  return stripHtml(outcome.brief ?? "") || null;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/**
 * The export's columns in order: the number, timing, the answers (with access to selected fields,
 * only those), archived answers, score and result, read state, the respondent, device and geo.
 */
export function exportColumns(
  fields: readonly TElement[],
  access: AnswerAccess,
  options: ColumnOptions,
): ExportColumn[] {
  const has = (type: ExportDataType) => options.types.includes(type);
  const spss = options.flavour === "spss";
  // The questions this reader may read, of those the table shows in the order it shows them, else
  // in the form's order.
  const shownAt = new Map([...(options.questionIds ?? [])].map((id, index) => [id, index]));
  const questions = [...fields]
    .filter(holdsValue)
    .filter((element) => access.level !== "fields" || access.fieldIds.has(element.id))
    .filter((element) => !options.questionIds || shownAt.has(element.id))
    .sort((a, b) =>
      options.questionIds ? shownAt.get(a.id)! - shownAt.get(b.id)! : a.fieldOrder - b.fieldOrder,
    );
  const columns: ExportColumn[] = [
    { header: "#", name: "number", kind: "number", decimals: 0, value: (r) => r.number },
  ];
  if (has("timing")) {
    columns.push(
      { header: "Started", name: "started", kind: "date", value: (r) => r.startTime },
      { header: "Submitted", name: "submitted", kind: "date", value: (r) => r.submitTime },
      {
        header: "Time spent, seconds",
        name: "time_spent",
        kind: "number",
        decimals: 0,
        value: (r) => r.formPassingTime,
      },
    );
  }
  if (has("answers")) {
    for (const element of questions) columns.push(...questionColumns(element, options));
    // The table's chosen questions leave out the answers to deleted ones, as the table does.
    if (options.hasArchived && !options.questionIds) {
      columns.push({
        header: "Answers to deleted questions",
        name: "archived",
        kind: "text",
        value: (r) =>
          r.archived
            .map(({ label, answer, element }) => {
              const text = element ? answerText(element, answer, options) : null;
              const title = element ? questionTitle(element, options.plainText) : label;
              return `${title}: ${text ?? (typeof answer === "string" ? answer : JSON.stringify(answer))}`;
            })
            .join("; ") || null,
      });
    }
  }
  // Totals depend on every answer, so a reader of selected fields does not get them.
  if (has("score") && options.scored && access.level === "all") {
    columns.push(
      { header: "Score", name: "score", kind: "number", value: (r) => r.score },
      { header: "Result", name: "result", kind: "text", value: (r) => resultText(r.result) },
    );
  }
  // A question's points go with its answer: a reader of selected fields gets those of their fields.
  if (has("score") && options.scored) {
    for (const element of questions) {
      const title = questionTitle(element, options.plainText);
      columns.push({
        header: `Points: ${title}`,
        name: `${variableWish(element, title)}_points`,
        kind: "number",
        value: (r) => numberOrNull(r.fieldScores[element.id]),
      });
    }
  }
  if (has("read")) {
    columns.push(
      spss
        ? {
            header: "Read",
            name: "read",
            kind: "number",
            decimals: 0,
            labels: [
              [0, "Unread"],
              [1, "Read"],
            ],
            value: (r) => (r.isViewed ? 1 : 0),
          }
        : { header: "Read", name: "read", kind: "text", value: (r) => (r.isViewed ? "Read" : "Unread") },
    );
  }
  if (has("tags")) {
    columns.push({ header: "Tags", name: "tags", kind: "text", value: (r) => r.tags.join(", ") || null });
  }
  if (has("comments")) {
    columns.push({
      header: "Comments",
      name: "comments",
      kind: "text",
      value: (r) =>
        questions
          .filter((element) => r.fieldComments[element.id])
          .map((element) => `${questionTitle(element, true)}: ${r.fieldComments[element.id]}`)
          .join("\n") || null,
    });
  }
  if (has("respondent")) {
    columns.push({ header: "Respondent", name: "respondent", kind: "text", value: (r) => r.username });
  }
  if (has("device")) {
    for (const [key, header] of [
      ["type", "Device"],
      ["os", "Operating system"],
      ["browser", "Browser"],
      ["language", "Language"],
      ["platform", "Platform"],
    ] as const) {
      columns.push({ header, name: `device_${key}`, kind: "text", value: (r) => text(r.device[key]) });
    }
  }
  if (has("geo")) {
    for (const [key, header] of [
      ["country", "Country"],
      ["region", "Region"],
      ["city", "City"],
    ] as const) {
      columns.push({ header, name: `geo_${key}`, kind: "text", value: (r) => text(r.geo?.[key]) });
    }
  }
  return distinctHeaders(columns);
}

/**
 * Titles a reader can tell apart: a title met again (a question called "Country" beside the
 * respondent's country) gets a number after it, the first one keeping it as it is.
 */
function distinctHeaders(columns: ExportColumn[]): ExportColumn[] {
  const taken = new Set(columns.map((column) => column.header));
  const seen = new Set<string>();
  return columns.map((column) => {
    if (!seen.has(column.header)) {
      seen.add(column.header);
      return column;
    }
    let n = 2;
    while (taken.has(`${column.header} (${n})`)) n++;
    const header = `${column.header} (${n})`;
    taken.add(header);
    return { ...column, header };
  });
}
