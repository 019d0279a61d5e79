/**
 * Where each translated language's catalogs are: its main catalog (`locales/<language>.json`, which
 * the public form page also reads) and its feature catalogs (`locales/<language>/<feature>.json`).
 * Each file is downloaded only when its language is asked for (i18n.ts, loadCatalog). This list is
 * a module of its own, loaded with the first language other than English: it names some two hundred
 * files, and would otherwise weigh on every page's first load.
 */
const mainCatalogs = import.meta.glob<Record<string, string>>("./locales/*.json", { import: "default" });
const featureCatalogs = import.meta.glob<Record<string, string>>("./locales/*/*.json", { import: "default" });

/** The loaders of one language's catalogs, its main catalog first. */
export function catalogFiles(language: string): Array<() => Promise<Record<string, string>>> {
  return [
    mainCatalogs[`./locales/${language}.json`]!,
    ...Object.entries(featureCatalogs)
      .filter(([file]) => file.startsWith(`./locales/${language}/`))
      .map(([, load]) => load),
  ];
}
