/**
 * An interviewer's areas (platform.md §1 "maps with interviewers, polygons and areas"): polygons on
 * the map, each in one of the nine polygon colours (forms.md §9). The server decides with
 * `isInsideAny` whether a submission was collected inside the areas; the map shows the same answer.
 */

/** forms.md §9: the nine polygon colours, by name. */
export const POLYGON_COLORS = [
  "orange",
  "lemon",
  "lime",
  "green",
  "pink",
  "blue",
  "yellow",
  "ocean",
  "purple",
] as const;
export type PolygonColor = (typeof POLYGON_COLORS)[number];

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Whether a point lies inside a polygon (ray casting over latitude and longitude as a plane, which
 * is what a map draws for the small areas an interviewer walks). A point on an edge counts as inside.
 */
function isInsidePolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (onSegment(point, a, b)) return true;
    const crosses =
      a.lat > point.lat !== b.lat > point.lat &&
      point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
    if (crosses) inside = !inside;
  }
  return inside;
}

function onSegment(p: LatLng, a: LatLng, b: LatLng): boolean {
  const cross = (b.lng - a.lng) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lng - a.lng);
  if (Math.abs(cross) > 1e-12) return false;
  return (
    p.lng >= Math.min(a.lng, b.lng) &&
    p.lng <= Math.max(a.lng, b.lng) &&
    p.lat >= Math.min(a.lat, b.lat) &&
    p.lat <= Math.max(a.lat, b.lat)
  );
}

/** Inside one of the areas at least; with no area at all nothing is outside. */
export function isInsideAny(point: LatLng, areas: readonly { points: readonly LatLng[] }[]): boolean {
  return areas.length === 0 || areas.some((area) => isInsidePolygon(point, area.points));
}

/** How many different corners a polygon has: fewer than three encloses nothing. */
export function distinctCorners(points: readonly LatLng[]): number {
  return new Set(points.map((point) => `${point.lat},${point.lng}`)).size;
}
