import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { preferMemoryTmpdir } from "../apps/server/test/memory-tmpdir.ts";
import { TEST_RUN_ENV } from "../apps/server/test/test-run-env.ts";

preferMemoryTmpdir();

/**
 * The files that take a minute or more of a quiet two-core machine, slowest first (docs/test-timings.md).
 * Vitest starts the largest files first when it has no timings of its own, as on a fresh clone;
 * some of the slowest are small files, and one of them left to the end ran alone on one core.
 */
const SLOWEST = [
  "results-every-type",
  "styling-a11y",
  "design-presets",
  "builder-every-type",
  "all-field-types",
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
      return at === -1 ? SLOWEST.length : at;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**"],
    globalSetup: ["./global-setup.ts"],
    sequence: { sequencer: SlowestFirst },
    pool: "forks",
    // Files share a worker's loaded modules (the browser client, the helpers) instead of each
    // importing them again; each file still starts its own app and opens its own browser contexts.
    isolate: false,
    // Two files at a time: a third, tried, kept the cores busier (99 %) but made the stage no
    // shorter, and its files waited longer on each page.
    maxWorkers: 2,
    env: TEST_RUN_ENV,
    // A limit for a test that hangs, not a speed target: on a machine running up to three times
    // slower than on a quiet day, the longest browser tests took 96 s of their 120 s.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // A browser on a busy two-core machine can take seconds to show what a test waits for: a poll
    // gives up after 10 s, not vitest's 1 s (a poll that succeeds still returns at once).
    expect: { poll: { timeout: 10_000 } },
  },
});
