import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One broken WCAG rule, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary: string }>;
}

/** The rules of WCAG 2.1 at levels A and AA. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe-core in the page (evaluated through the browser's debugging protocol, so the app's
 * Content-Security-Policy does not stop it) and returns the WCAG 2.1 A/AA violations found in
 * `selector` (the whole document by default). Given `rules`, it runs only those rules: a test that
 * asserts colour contrast alone need not pay for the other eighty.
 */
export async function axeViolations(
  page: Page,
  selector?: string,
  rules?: readonly string[],
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, context, only }) => {
      type AxeResult = { violations: AxeViolation[] };
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResult> } }).axe;
      const runOnly = only ? { type: "rule", values: only } : { type: "tag", values: tags };
      const result = await axe.run(context ?? document, { runOnly });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    { tags: WCAG_21_AA, context: selector, only: rules },
  );
}

/** A short text of the violations, one line per element, for a failing assertion to explain itself. */
export function describeViolations(violations: readonly AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact ?? "?"}): ${v.help} — ${n.target.join(" ")}: ${n.failureSummary}`,
    ),
  );
}
