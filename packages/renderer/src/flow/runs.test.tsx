import { ZFormSettings } from "@formloom/core/form-schema";
import { createElement } from "@formloom/core/new-element";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormRenderer } from "../form-renderer.tsx";

const fields = (ids: string[]) => ids.map((id, index) => createElement("text", id, index));

/** The builder preview's runs, as the element ids in each, in order. */
function runs(ids: string[], layoutType = "1-col", selected?: string): { ids: string[]; holds: boolean }[] {
  const html = renderToString(
    <FormRenderer
      settings={ZFormSettings.parse({ title: "Long", layoutType })}
      fields={fields(ids)}
      selectedFieldId={selected}
      onSelectField={() => undefined}
      inRuns
    />,
  );
  return html
    .split('<div class="fl-run"')
    .slice(1)
    .map((part) => ({
      ids: [...part.matchAll(/data-field-id="([^"]+)"/g)].map((match) => match[1]!),
      holds: part.startsWith(' data-holds-selected="true"'),
    }));
}

const ids = Array.from({ length: 120 }, (_, i) => `q${i + 1}`);

describe("the builder preview's runs of elements", () => {
  it("hold every element once, in order, a few boxes for a long one-column form", () => {
    const drawn = runs(ids);
    expect(drawn.flatMap((run) => run.ids)).toEqual(ids);
    expect(drawn.length).toBeGreaterThan(3);
    expect(drawn.length).toBeLessThan(ids.length / 4);
  });

  it("change only the run an element is added to or removed from", () => {
    const before = runs(ids);
    const added = runs([...ids.slice(0, 60), "new-field", ...ids.slice(60)]);
    const removed = runs(ids.filter((id) => id !== "q61"));
    for (const after of [added, removed]) {
      const differ = after.filter((run) => !before.some((old) => old.ids.join() === run.ids.join()));
      expect(differ.length).toBeLessThanOrEqual(2);
      expect(after.length - before.length).toBeLessThanOrEqual(1);
    }
    expect(added.find((run) => run.ids.includes("new-field"))?.ids).toContain("q60");
  });

  it("mark the one holding the selected element, and are not made for columns or bands", () => {
    const drawn = runs(ids, "1-col", "q70");
    expect(drawn.filter((run) => run.holds).map((run) => run.ids.includes("q70"))).toEqual([true]);
    expect(runs(ids, "2-col")).toEqual([]);
    expect(runs(ids, "1-col-header")).toEqual([]);
  });
});
