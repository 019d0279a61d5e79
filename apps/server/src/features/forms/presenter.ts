import type { TFormListItem, TFormView } from "@formloom/core/api/forms";
import { ZElements } from "@formloom/core/element-schema";
import { ZFormSettings } from "@formloom/core/form-schema";
import type { accounts, forms } from "../../db/schema.ts";

type FormRow = typeof forms.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/** Stored settings are re-read through the schema, so settings added later get their defaults. */
export function readSettings(row: FormRow) {
  return ZFormSettings.parse({
    ...(row.settings as object),
    title: row.title,
    formPathAlias: row.alias,
    isPublished: row.isPublished,
  });
}

export function readFields(row: FormRow) {
  return ZElements.parse(row.fields);
}

export function presentForm(
  row: FormRow,
  account: Pick<AccountRow, "id" | "name" | "subdomain">,
  creator: { id: number; username: string; email: string } | null,
): TFormView {
  return {
    ...readSettings(row),
    id: row.id,
    creationDate: row.createdAt.toISOString(),
    lastChangeDate: row.updatedAt.toISOString(),
    lastAnsweredDate: row.lastAnsweredAt?.toISOString() ?? null,
    creator,
    account: { id: account.id, name: account.name, subdomain: account.subdomain },
  };
}

export function presentListItem(row: FormRow, answerCount: number, newAnswerCount: number): TFormListItem {
  return {
    id: row.id,
    title: row.title,
    formPathAlias: row.alias,
    isPublished: row.isPublished,
    type: readSettings(row).type,
    creationDate: row.createdAt.toISOString(),
    lastChangeDate: row.updatedAt.toISOString(),
    lastAnsweredDate: row.lastAnsweredAt?.toISOString() ?? null,
    answerCount,
    newAnswerCount,
  };
}
