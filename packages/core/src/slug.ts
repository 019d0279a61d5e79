const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "yo",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Transliterates Cyrillic letters (Russian and Ukrainian) to Latin, keeping other characters. */
export function transliterate(text: string): string {
  let out = "";
  for (const char of text) {
    const lower = char.toLowerCase();
    const latin = CYRILLIC[lower];
    if (latin === undefined) {
      out += char;
    } else if (char !== lower && latin.length > 0) {
      out += latin[0]!.toUpperCase() + latin.slice(1);
    } else {
      out += latin;
    }
  }
  return out;
}

/**
 * Alias and name slugs (forms.md §5): Cyrillic transliterated to Latin, spaces to hyphens,
 * punctuation dropped. Accents are folded so "Café" gives "cafe".
 */
export function slugify(text: string): string {
  return transliterate(text)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

export const ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
