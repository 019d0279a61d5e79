// Every installed package must run on each Node line the project supports, or `npm install`
// prints EBADENGINE warnings (and the package may not work). The supported lines are read from
// the root package.json's `engines`; for each, the oldest version it admits must satisfy every
// installed package's own `engines.node`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

const SUPPORTED_LINES = [20, 22, 24];

/** The oldest version of a Node line that a range admits, or null when it admits none. */
function oldestOf(range, line) {
  const within = `>=${line}.0.0 <${line + 1}.0.0`;
  const oldest = new semver.Range(range).set
    .map((set) => semver.minVersion(`${set.map((comparator) => comparator.value).join(" ")} ${within}`))
    .filter(Boolean)
    .sort(semver.compare);
  return oldest[0]?.version;
}

/** `[name@version, engines.node]` for every package in the lockfile, read from the installed copy when present. */
function installedEngines() {
  const lock = readJson("package-lock.json");
  const engines = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where.includes("node_modules/") || entry.link) continue;
    const installed = path.join(root, where, "package.json");
    const manifest = existsSync(installed) ? readJson(path.join(where, "package.json")) : entry;
    const node = manifest.engines?.node;
    if (typeof node === "string" && node.trim() !== "" && node.trim() !== "*")
      engines.push([`${where.slice(where.lastIndexOf("node_modules/") + 13)}@${manifest.version}`, node]);
  }
  return engines;
}

describe("the Node versions the project supports", () => {
  const declared = readJson("package.json").engines.node;

  it("declares each supported line in the root engines, and the README names them", () => {
    for (const line of SUPPORTED_LINES) expect(oldestOf(declared, line), `Node ${line}`).toBeTruthy();
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    for (const line of SUPPORTED_LINES) expect(readme).toContain(`Node.js ${line}`);
  });

  it("runs on the Node that runs the tests", () => {
    expect(semver.satisfies(process.version, declared), `${process.version} in ${declared}`).toBe(true);
  });

  for (const line of SUPPORTED_LINES)
    it(`every installed package's engines admit Node ${line}`, () => {
      const version = oldestOf(declared, line);
      const excluded = installedEngines()
        .filter(([, range]) => !semver.satisfies(version, range))
        .map(([name, range]) => `${name} wants node ${range}`);
      expect(excluded, `Node ${version}`).toEqual([]);
    });
});
