import type { TFormListItem, TFormView } from "@formloom/core/api/forms";
import { formClosed } from "@formloom/core/closing";
import { type TElement, ZElement } from "@formloom/core/element-schema";
import { isAnswerable } from "@formloom/core/field-registry";
import { hydrateForm } from "@formloom/core/form-document";
import type { TFormSettings } from "@formloom/core/form-schema";
import type { accounts, forms } from "../../db/schema.ts";

type FormRow = typeof forms.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/**
 * The stored documents as typed values. Written at the current model version they are used as
 * they are; older ones go through the schemas, so settings added since get their defaults.
 */
function hydrate(row: FormRow) {
  return hydrateForm({ version: row.modelVersion, settings: row.settings, fields: row.fields });
}

/** Settings and fields from one read of the stored documents; use it where both are needed. */
export function readForm(row: FormRow): { settings: TFormSettings; fields: TElement[] } {
  const { settings, fields } = hydrate(row);
  return {
    settings: {
      ...settings,
      // Settings added since the model version the form was written at (closing.ts).
      closeAt: settings.closeAt ?? null,
      maxResponses: settings.maxResponses ?? null,
      title: row.title,
      formPathAlias: row.alias,
      isPublished: row.isPublished,
    },
    fields,
  };
}

export function readSettings(row: FormRow): TFormSettings {
  return readForm(row).settings;
}

export function readFields(row: FormRow) {
  return hydrate(row).fields;
}

/** How many deleted questions a form keeps: the latest, enough for any form's history. */
const REMOVED_KEPT = 500;

/** The questions deleted from the form, as they last were (one the stored list cannot read is left out). */
export function readRemovedFields(row: Pick<FormRow, "removedFields">): TElement[] {
  const stored = Array.isArray(row.removedFields) ? row.removedFields : [];
  return stored.flatMap((item) => {
    const parsed = ZElement.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The deleted questions once `after` replaces `before`: those answered before and gone now join
 * the list as they last were; one that came back (an undone delete) leaves it.
 */
export function removedSince(
  before: readonly TElement[],
  after: readonly TElement[],
  kept: readonly TElement[],
): TElement[] {
  const now = new Set(after.map((field) => field.id));
  const gone = before.filter((field) => isAnswerable(field) && !now.has(field.id));
  const goneIds = new Set(gone.map((field) => field.id));
  return [...kept.filter((field) => !now.has(field.id) && !goneIds.has(field.id)), ...gone].slice(
    -REMOVED_KEPT,
  );
}

export function presentForm(
  row: FormRow,
  account: Pick<AccountRow, "id" | "name" | "subdomain">,
  creator: { id: number; username: string; email: string } | null,
  lastAnsweredAt: Date | null,
): TFormView {
  return {
    ...readSettings(row),
    id: row.id,
    creationDate: row.createdAt.toISOString(),
    lastChangeDate: row.updatedAt.toISOString(),
    lastAnsweredDate: lastAnsweredAt?.toISOString() ?? null,
    creator,
    account: { id: account.id, name: account.name, subdomain: account.subdomain },
  };
}

/** What the answers say about a form: derived from them, never stored on the form's row. */
export interface AnswerStats {
  /** Null, with the date, where the caller may not read the form's answers. */
  answerCount: number | null;
  newAnswerCount: number | null;
  lastAnsweredAt: Date | null;
}

/** `total`: the form's submissions, whoever asks, for whether its limit closed it. */
export function presentListItem(row: FormRow, stats: AnswerStats, total: number): TFormListItem {
  const settings = readSettings(row);
  return {
    id: row.id,
    title: row.title,
    formPathAlias: row.alias,
    isPublished: row.isPublished,
    type: settings.type,
    creationDate: row.createdAt.toISOString(),
    lastChangeDate: row.updatedAt.toISOString(),
    closed: row.isPublished && formClosed(settings, total) !== null,
    lastAnsweredDate: stats.lastAnsweredAt?.toISOString() ?? null,
    answerCount: stats.answerCount,
    newAnswerCount: stats.newAnswerCount,
  };
}
