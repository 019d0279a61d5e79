import { readdirSync } from "node:fs";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const here = import.meta.dirname;
const modules = readdirSync(here, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => `./${file}`);

/** Uses every module, so the bundle holds all of core, and reports a few results. */
const entry = `
${modules.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};`).join("\n")}
import { ZFormSettings } from "./form-schema.ts";
import { createElement } from "./new-element.ts";
import { validateSubmission } from "./submission.ts";
import { scoreSubmission } from "./scoring.ts";
import { slugify } from "./slug.ts";
globalThis.check = () => {
  const settings = ZFormSettings.parse({ type: "calculation" });
  const q = { ...createElement("radio", "q", 0), isRequired: true, calcSettings: { calcType: "check_values", notEmptyScore: 0, points: 1 } };
  q.fieldSettings.answerVariants[1].checkValue = true;
  const missing = validateSubmission([q], []).errors.map((e) => e.code);
  const ok = validateSubmission([q], [{ fieldId: "q", answer: "v2" }]);
  return {
    modules: [${modules.map((_, i) => `m${i}`).join(", ")}].length,
    missing,
    score: scoreSubmission(settings, [q], { q: "v2" }).total,
    kept: ok.answers.length,
    slug: slugify("Привет мир"),
  };
};
`;

describe("core in the browser", () => {
  it("bundles for the browser and runs where there is no Node and no DOM", async () => {
    const result = await build({
      stdin: { contents: entry, resolveDir: here, loader: "ts" },
      bundle: true,
      platform: "browser",
      format: "iife",
      write: false,
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    // A context with only the language's own globals: no process, Buffer, require, window or document.
    const sandbox = createContext({});
    expect(
      runInContext(
        "typeof process + typeof Buffer + typeof require + typeof window + typeof document",
        sandbox,
      ),
    ).toBe("undefinedundefinedundefinedundefinedundefined");
    runInContext(result.outputFiles[0]!.text, sandbox);
    expect(runInContext("JSON.stringify(check())", sandbox)).toBe(
      JSON.stringify({
        modules: modules.length,
        missing: ["answer.required"],
        score: 1,
        kept: 1,
        slug: "privet-mir",
      }),
    );
  });

  it("refuses a module that reaches for Node", async () => {
    await expect(
      build({
        stdin: {
          contents: 'import { readFileSync } from "node:fs"; export const x = readFileSync;',
          resolveDir: here,
        },
        bundle: true,
        platform: "browser",
        write: false,
        logLevel: "silent",
      }),
    ).rejects.toThrow();
  });
});
