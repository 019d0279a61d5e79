import { ZElement } from "@formloom/core/element-schema";
import { LAYOUT_TYPES } from "@formloom/core/form-schema";
import { describe, expect, it } from "vitest";
import { columnChoices, columnShown, LAYOUTS, layoutDrawing, placeableElements } from "./layout-shapes.ts";

describe("layouts", () => {
  it("draws all 14 layouts from their names", () => {
    expect(LAYOUT_TYPES).toHaveLength(14);
    expect(layoutDrawing("1-col")).toEqual({ columns: [1], header: false, footer: false });
    expect(layoutDrawing("1-col-header-footer")).toEqual({ columns: [1], header: true, footer: true });
    expect(layoutDrawing("3-col-header")).toEqual({ columns: [1, 1, 1], header: true, footer: false });
    expect(layoutDrawing("2-col-33-67")).toEqual({ columns: [1, 2], header: false, footer: false });
    expect(layoutDrawing("2-col-67-33-header")).toEqual({ columns: [2, 1], header: true, footer: false });
    const signatures = LAYOUT_TYPES.map((type) => JSON.stringify(layoutDrawing(type)));
    expect(new Set(signatures).size).toBe(14);
    expect([...LAYOUTS].sort()).toEqual([...LAYOUT_TYPES].sort());
  });

  it("offers as many columns as the layout has, and shows a lost column as the first", () => {
    expect(columnChoices("1-col")).toEqual(["col-first"]);
    expect(columnChoices("4-col-header")).toEqual(["col-first", "col-second", "col-third", "col-fourth"]);
    const element = ZElement.parse({ id: "a", fieldType: "text", fieldColumn: "col-fourth" });
    expect(columnShown(element, "4-col")).toBe("col-fourth");
    expect(columnShown(element, "2-col")).toBe("col-first");
  });

  it("leaves full-width elements out of the column choice", () => {
    const fields = ["title", "text", "submitBtn", "markup"].map((fieldType, i) =>
      ZElement.parse({ id: `e${i}`, fieldType }),
    );
    expect(placeableElements(fields).map((f) => f.fieldType)).toEqual(["text", "markup"]);
  });
});
