import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import { MESSAGES } from "@formloom/core/errors";
import { fieldTypes } from "@formloom/core/field-registry";
import { RECORDER_TEXTS } from "@formloom/core/media-questions";
import { PERMISSION_CATEGORIES } from "@formloom/core/permissions";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGLISH_PLURALS, loadCatalog, type TranslatedLocale } from "./i18n.ts";

const source = path.resolve(import.meta.dirname, "..");
const files = readdirSync(source, { recursive: true, encoding: "utf8" }).filter(
  (file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts") && !file.startsWith("fill/"),
);

/** Every text the app translates: t("…") and msg("…") calls, field-type and permission labels, respondent texts, server codes. */
function expectedKeys(): { plain: Set<string>; counted: Set<string>; codes: string[] } {
  const texts = new Set<string>();
  for (const file of files) {
    const code = readFileSync(path.join(source, file), "utf8");
    for (const match of code.matchAll(/\b(?:t|msg)\(\s*"((?:[^"\\]|\\.)*)"/g))
      texts.add(JSON.parse(`"${match[1]}"`));
  }
  for (const definition of Object.values(fieldTypes)) texts.add(definition.label);
  // The public form speaks the form's language with the same catalogs.
  for (const text of Object.values(RESPONDENT_TEXTS)) texts.add(text);
  // The recorder of video and audio questions, loaded with them alone.
  for (const text of Object.values(RECORDER_TEXTS)) texts.add(text);
  for (const category of PERMISSION_CATEGORIES) {
    texts.add(category.title);
    for (const permission of category.permissions) texts.add(permission.title);
  }
  const counted = new Set([...texts].filter((text) => text.includes("{{count}}")));
  const plain = new Set([...texts].filter((text) => !counted.has(text)));
  return { plain, counted, codes: Object.keys(MESSAGES).map((code) => `codes.${code}`) };
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  const { plain, counted, codes } = expectedKeys();

  it("finds the app's texts (the scan itself works)", () => {
    expect(plain.size).toBeGreaterThan(150);
    expect(plain.has("Sign in")).toBe(true);
    expect(plain.has("All forms")).toBe(true);
    expect(counted.has("{{count}} submissions")).toBe(true);
  });

  it("English has both plural forms of every counted text", () => {
    for (const key of counted) {
      expect(ENGLISH_PLURALS, key).toHaveProperty(`${key}_one`);
      expect(ENGLISH_PLURALS, key).toHaveProperty(`${key}_other`);
    }
  });

  for (const language of ["ru", "uk", "es", "it"] satisfies TranslatedLocale[]) {
    describe(language, () => {
      let catalog: Record<string, string> = {};
      // A catalog is a large module: on a busy machine its first import takes seconds.
      beforeAll(async () => {
        catalog = await loadCatalog(language);
      }, 60_000);
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const wanted = [
        ...plain,
        ...codes,
        ...[...counted].flatMap((key) => categories.map((category) => `${key}_${category}`)),
      ];

      it("translates every text of the app and every server message", () => {
        const missing = wanted.filter((key) => !catalog[key]?.trim());
        expect(missing).toEqual([]);
      });

      it("keeps every placeholder of the English text", () => {
        const broken = [...plain, ...codes].filter(
          (key) =>
            catalog[key] &&
            placeholders(catalog[key]).join() !== placeholders(key.startsWith("codes.") ? "" : key).join(),
        );
        expect(broken).toEqual([]);
      });

      it("holds no texts the app no longer uses", () => {
        const known = new Set(wanted);
        expect(Object.keys(catalog).filter((key) => !known.has(key))).toEqual([]);
      });
    });
  }
});
