import { describe, expect, it } from "vitest";
import { distinctCorners, isInsideAny, type LatLng } from "./interviewer-areas.ts";

/** Whether the one area drawn as `points` holds `point`. */
const isInsidePolygon = (point: LatLng, points: readonly LatLng[]) => isInsideAny(point, [{ points }]);

const square = [
  { lat: 0, lng: 0 },
  { lat: 0, lng: 10 },
  { lat: 10, lng: 10 },
  { lat: 10, lng: 0 },
];

describe("interviewer areas", () => {
  it("tells a point inside a polygon from one outside it, an edge counting as inside", () => {
    expect(isInsidePolygon({ lat: 5, lng: 5 }, square)).toBe(true);
    expect(isInsidePolygon({ lat: 5, lng: 11 }, square)).toBe(false);
    expect(isInsidePolygon({ lat: -1, lng: 5 }, square)).toBe(false);
    expect(isInsidePolygon({ lat: 0, lng: 5 }, square)).toBe(true);
  });

  it("handles a concave polygon", () => {
    const u = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 3 },
      { lat: 3, lng: 3 },
      { lat: 3, lng: 2 },
      { lat: 1, lng: 2 },
      { lat: 1, lng: 1 },
      { lat: 3, lng: 1 },
      { lat: 3, lng: 0 },
    ];
    expect(isInsidePolygon({ lat: 2, lng: 1.5 }, u)).toBe(false);
    expect(isInsidePolygon({ lat: 2, lng: 0.5 }, u)).toBe(true);
  });

  it("counts nothing as outside when there is no area, and needs one area that holds the point", () => {
    expect(isInsideAny({ lat: 50, lng: 50 }, [])).toBe(true);
    expect(isInsideAny({ lat: 50, lng: 50 }, [{ points: square }])).toBe(false);
    const far = square.map((p) => ({ lat: p.lat + 45, lng: p.lng + 45 }));
    expect(isInsideAny({ lat: 50, lng: 50 }, [{ points: square }, { points: far }])).toBe(true);
  });

  it("counts distinct corners", () => {
    expect(distinctCorners([square[0]!, square[0]!, square[1]!])).toBe(2);
    expect(distinctCorners(square)).toBe(4);
  });
});
