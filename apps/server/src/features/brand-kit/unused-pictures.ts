import type { TBrandKit } from "@formloom/core/api/brand-kit";
import { OWN_FILE_PATH, unwrapUrl } from "@formloom/core/style-guard";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import {
  brandAssets,
  brandKits,
  customPages,
  emailNotifications,
  forms,
  formThemes,
  savedElements,
} from "../../db/schema.ts";
import type { FileStorage } from "../../storage/file-storage.ts";

/** The ids of the kit's pictures that are this server's files (`/api/assets/<id>`). */
export function ownPictureIds(kit: TBrandKit): string[] {
  return (["logo", "cover"] as const)
    .map((part) => unwrapUrl(kit[part]))
    .filter((url) => OWN_FILE_PATH.test(url))
    .map((url) => url.slice(url.lastIndexOf("/") + 1));
}

/**
 * An upload nothing ever came to name is left this long before it is removed: another tab of the
 * account may have uploaded it and not saved yet.
 */
const UNSAVED_HOURS = 24;

/**
 * A picture something named once is removed only this long after anything was last seen naming it.
 * The grace covers a form editor that read the kit before it was changed and applies it now (its
 * form would show a removed picture otherwise), and anything that names the picture in a way this
 * search misses for a while. The time is recorded (`last_referenced_at`) by every kit save and every
 * housekeeping run, rather than deleting on replacement, so it holds however the picture stopped
 * being named.
 */
const REPLACED_DAYS = 30;

/** How many pictures nothing names yet (uploads not saved in the kit) an account may hold. */
export const UNSAVED_PICTURES_MAX = 20;

/**
 * An asset address in any text: the id may be written percent-encoded (`%30` for `0`), which the
 * server decodes before looking it up, so each hex digit is taken either way.
 */
const ADDRESS = "/api/assets/((?:[0-9A-Fa-f]|%[0-9A-Fa-f]{2}){32})";
/** Each hex digit's percent codes, as lower() leaves them: %30–%39, %61–%66 and, upper case, %41–%46. */
const PERCENT_DIGITS = [..."0123456789abcdef"].flatMap((digit) => {
  const code = digit.charCodeAt(0);
  return (digit >= "a" ? [code, code - 32] : [code]).map((c) => [`%${c.toString(16)}`, digit] as const);
});
/** The captured id, lower-cased and percent-decoded: a reference in any spelling keeps the picture. */
const decoded = (raw: SQL) =>
  PERCENT_DIGITS.reduce(
    (expr, [code, digit]) => sql`replace(${expr}, ${sql.raw(`'${code}', '${digit}'`)})`,
    sql`lower(${raw})`,
  );

/**
 * Every place an account keeps text that may show one of its pictures, one scan each: the kit, its
 * forms' settings and questions, themes, saved questions, custom pages' bodies and e-mail
 * notifications' messages. Any new column that accepts a picture address belongs here.
 */
function namedPictures(accountId: number | undefined): SQL {
  const sources: Array<[{ accountId: unknown }, SQL]> = [
    [brandKits, sql`${brandKits.kit}::text`],
    [forms, sql`${forms.settings}::text || ' ' || ${forms.fields}::text`],
    [formThemes, sql`${formThemes.styling}::text`],
    [savedElements, sql`${savedElements.element}::text`],
    [customPages, sql`${customPages.body}`],
    [emailNotifications, sql`${emailNotifications.message}`],
  ];
  const scans = sources.map(
    ([table, text]) =>
      sql`select ${table.accountId} as account_id, m[1] as raw from ${table}, regexp_matches(${text}, ${ADDRESS}, 'g') as m
          where ${accountId === undefined ? sql`true` : sql`${table.accountId} = ${accountId}`}`,
  );
  return sql`refs as (${sql.join(scans, sql` union all `)}),
    named as (select distinct account_id, ${decoded(sql`raw`)} as id from refs)`;
}

/**
 * Removes brand pictures nothing shows any more, file and row, for one account (after its kit is
 * saved) or for all (hourly housekeeping): uploads never named anywhere that were left for a day, and
 * pictures nothing has named for 30 days (31 at most, as the mark is renewed daily). A picture stays
 * while the kit, a form that applied it, a theme, a saved question, a custom page or an e-mail
 * notification names it. The ids named are collected once per table; marking those seen and removing
 * the rest is one statement, so a kit saved at the same time that names a picture again keeps it.
 * `justUnnamed` are ids the caller knows were named until now (the kit it replaced): their month
 * starts now.
 */
export async function removeUnusedPictures(
  db: Db,
  storage: FileStorage,
  options: { accountId?: number; justUnnamed?: string[] } = {},
): Promise<number> {
  const { accountId } = options;
  const a = brandAssets;
  const ofAccount = accountId === undefined ? sql`true` : sql`${a.accountId} = ${accountId}`;
  const justUnnamed = sql.join([sql`''`, ...(options.justUnnamed ?? []).map((id) => sql`${id}`)], sql`, `);
  const result = await db.execute(sql`
    with ${namedPictures(accountId)},
    seen as (
      update ${a} set last_referenced_at = now()
      where ${ofAccount}
        and (${a.id} in (${justUnnamed})
          or (exists (select 1 from named n where n.account_id = ${a.accountId} and n.id = ${a.id})
            -- Marked at most daily, so the hourly run does not rewrite every picture in use.
            and (${a.lastReferencedAt} is null or ${a.lastReferencedAt} < now() - interval '1 day')))
      returning 1)
    delete from ${a}
    where ${ofAccount}
      and (${a.lastReferencedAt} < now() - make_interval(days => ${REPLACED_DAYS})
        or (${a.lastReferencedAt} is null and ${a.createdAt} < now() - make_interval(hours => ${UNSAVED_HOURS})))
      and ${a.id} not in (${justUnnamed})
      and not exists (select 1 from named n where n.account_id = ${a.accountId} and n.id = ${a.id})
    returning ${a.storageKey} as storage_key`);
  const rows = (result as unknown as { rows: Array<{ storage_key: string }> }).rows;
  // The rows are gone, so nothing serves these files any more; a file left by a failed delete is only space.
  await Promise.all(rows.map((row) => storage.delete(row.storage_key).catch(() => {})));
  return rows.length;
}
