import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { type RefObject, useEffect, useState } from "react";

const STEPS = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002];

/**
 * Meridians and parallels spaced for the zoom, so areas and points have a place to sit when no
 * tile server is set: the way the form's map field works without tiles, at a street's scale too.
 */
function graticule(map: L.Map): L.LayerGroup {
  const layer = L.layerGroup();
  const style = { color: "#c3c9d3", weight: 1, interactive: false };
  const draw = () => {
    layer.clearLayers();
    const bounds = map.getBounds();
    const span = Math.max(bounds.getNorth() - bounds.getSouth(), bounds.getEast() - bounds.getWest());
    const step = STEPS.find((candidate) => span / candidate >= 4) ?? STEPS[STEPS.length - 1]!;
    const south = Math.max(-85, Math.floor(bounds.getSouth() / step) * step);
    const north = Math.min(85, Math.ceil(bounds.getNorth() / step) * step);
    const west = Math.floor(bounds.getWest() / step) * step;
    const east = Math.ceil(bounds.getEast() / step) * step;
    for (let lat = south; lat <= north + step / 2; lat += step)
      layer.addLayer(
        L.polyline(
          [
            [lat, west],
            [lat, east],
          ],
          style,
        ),
      );
    for (let lng = west; lng <= east + step / 2; lng += step)
      layer.addLayer(
        L.polyline(
          [
            [south, lng],
            [north, lng],
          ],
          style,
        ),
      );
  };
  map.on("moveend zoomend resize", draw);
  map.whenReady(draw);
  return layer;
}

/** A Leaflet map in the container: tiles from the tile server when one is set, else the plain grid. */
export function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  tileUrl: string | null | undefined,
) {
  const [map, setMap] = useState<L.Map | null>(null);
  const ready = tileUrl !== undefined;
  useEffect(() => {
    const element = container.current;
    if (!element || !ready) return;
    const made = L.map(element, {
      center: { lat: 20, lng: 0 },
      zoom: 2,
      attributionControl: Boolean(tileUrl),
      worldCopyJump: true,
    });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(made);
    else graticule(made).addTo(made);
    // A phone turned or a sidebar closed changes the map's size: Leaflet draws the new area then.
    const resized = new ResizeObserver(() => made.invalidateSize());
    resized.observe(element);
    setMap(made);
    return () => {
      resized.disconnect();
      made.remove();
      setMap(null);
    };
  }, [container, tileUrl, ready]);
  return map;
}

/** Shows everything given, or keeps the view when there is nothing to show. */
export function fitTo(map: L.Map, points: L.LatLngExpression[]): void {
  if (points.length === 0) return;
  const bounds = L.latLngBounds(points);
  if (bounds.getNorth() === bounds.getSouth() && bounds.getEast() === bounds.getWest())
    map.setView(bounds.getCenter(), 13, { animate: false });
  // At once, not animated: the view is whole as soon as the page (or its new size) is drawn.
  else map.fitBounds(bounds, { padding: [24, 24], maxZoom: 16, animate: false });
}

/**
 * Fits the view to the points now and again whenever the map changes size (its styles arriving, a
 * phone turned), until the returned function stops it.
 */
export function keepFitted(map: L.Map, points: L.LatLngExpression[]): () => void {
  const show = () => fitTo(map, points);
  show();
  map.on("resize", show);
  return () => {
    map.off("resize", show);
  };
}

/**
 * A tooltip's content as text: given a string, the map would read it as HTML, and what it shows
 * here (a form's title, an area's name) is what people typed.
 */
export function tooltipText(text: string): HTMLElement {
  const element = document.createElement("span");
  element.textContent = text;
  return element;
}
