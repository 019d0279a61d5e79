import type { TBrandKit } from "@formloom/core/api/brand-kit";
import { OWN_FILE_PATH, unwrapUrl } from "@formloom/core/style-guard";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { brandAssets, brandKits, forms, formThemes, savedElements } from "../../db/schema.ts";
import type { FileStorage } from "../../storage/file-storage.ts";

/** The ids of the kit's pictures that are this server's files (`/api/assets/<id>`). */
export function ownPictureIds(kit: TBrandKit): string[] {
  return (["logo", "cover"] as const)
    .map((part) => unwrapUrl(kit[part]))
    .filter((url) => OWN_FILE_PATH.test(url))
    .map((url) => url.slice(url.lastIndexOf("/") + 1));
}

/**
 * An upload the kit never came to name is left this long before it is removed: another tab of the
 * account may have uploaded it and not saved yet.
 */
const UNSAVED_HOURS = 24;

/**
 * Removes the account's brand pictures nothing shows any more, file and row: those the previous kit
 * named and the saved one does not, and uploads the kit never named that were left for a day. A
 * picture stays while the kit, a form that applied it (its logo, welcome screen or styling), a theme
 * or a saved question names it. Chosen and removed in one statement, so a kit saved at the same time
 * that names it again keeps it.
 */
export async function removeUnusedPictures(
  db: Db,
  storage: FileStorage,
  accountId: number,
  previous: TBrandKit,
): Promise<void> {
  const named = ownPictureIds(previous);
  const a = brandAssets;
  const mentions = (column: unknown) => sql`${column}::text like '%' || ${a.id} || '%'`;
  const result = await db.execute(sql`
    delete from ${a}
    where ${a.accountId} = ${accountId}
      and (${a.id} in (${sql.join([sql`''`, ...named.map((id) => sql`${id}`)], sql`, `)})
        or ${a.createdAt} < now() - make_interval(hours => ${UNSAVED_HOURS}))
      and not exists (select 1 from ${brandKits} where ${brandKits.accountId} = ${accountId} and ${mentions(brandKits.kit)})
      and not exists (select 1 from ${forms} where ${forms.accountId} = ${accountId}
        and (${mentions(forms.settings)} or ${mentions(forms.fields)}))
      and not exists (select 1 from ${formThemes} where ${formThemes.accountId} = ${accountId}
        and ${mentions(formThemes.styling)})
      and not exists (select 1 from ${savedElements} where ${savedElements.accountId} = ${accountId}
        and ${mentions(savedElements.element)})
    returning ${a.storageKey} as storage_key`);
  const rows = (result as unknown as { rows: Array<{ storage_key: string }> }).rows;
  // The rows are gone, so nothing serves these files any more; a file left by a failed delete is only space.
  await Promise.all(rows.map((row) => storage.delete(row.storage_key).catch(() => {})));
}
