import type { TPoint } from "@formloom/core/field-types/places";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { useTranslate } from "../translate-context.ts";
import "./widgets.css";

const asPoint = (value: unknown): TPoint | null =>
  typeof value === "object" && value !== null && "lat" in value && "lng" in value ? (value as TPoint) : null;

/** Six decimals: about 10 cm, more than a click or a phone's position can tell. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** Only a tile address of the web itself, with the usual {z}/{x}/{y} places, draws a map. */
function tileUrlOf(props: FieldProps): string | null {
  const url = props.element.fieldSettings.tileUrl;
  return typeof url === "string" && /^https:\/\/[^\s]+\{z\}[^\s]*$/.test(url) ? url : null;
}

/** Meridians and parallels every 15°, so the point has a place to sit when no tiles are drawn. */
function graticule(): L.LayerGroup {
  const style = { color: "#b8bec9", weight: 1, interactive: false };
  const lines: L.Polyline[] = [];
  for (let lat = -75; lat <= 75; lat += 15)
    lines.push(
      L.polyline(
        [
          [lat, -540],
          [lat, 540],
        ],
        style,
      ),
    );
  for (let lng = -540; lng <= 540; lng += 15)
    lines.push(
      L.polyline(
        [
          [-85, lng],
          [85, lng],
        ],
        style,
      ),
    );
  return L.layerGroup(lines);
}

interface PointPickerProps extends FieldProps {
  /** Offers the device's own position (the location field). */
  locate?: boolean;
}

/**
 * A point on a map: clicked or tapped on the map, picked from the element's saved places, or
 * typed as latitude and longitude (the keyboard's way). Without a tile server the map is a plain
 * grid, and still answers.
 */
function PointPicker(props: PointPickerProps) {
  const translate = useTranslate();
  const point = asPoint(props.value);
  const settings = props.element.fieldSettings;
  const savedItems = settings.savedItems ?? [];
  const [latText, setLatText] = useState(point ? String(point.lat) : "");
  const [lngText, setLngText] = useState(point ? String(point.lng) : "");
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const pickRef = useRef<(next: TPoint) => void>(() => undefined);
  const tileUrl = tileUrlOf(props);

  const pick = (next: TPoint | null) => {
    setLatText(next ? String(next.lat) : "");
    setLngText(next ? String(next.lng) : "");
    props.onChange(next);
  };
  pickRef.current = pick;

  const disabledRef = useRef(props.disabled);
  disabledRef.current = props.disabled;
  // The map is made again only when what it shows changes, not on every answer.
  const view = JSON.stringify({ center: settings.center, zoom: settings.zoom, savedItems, tileUrl });
  const startRef = useRef(point);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const shown = JSON.parse(view) as {
      center?: L.LatLngLiteral;
      zoom?: number;
      savedItems: typeof savedItems;
      tileUrl: string | null;
    };
    const start = startRef.current;
    const made = L.map(container, {
      center: start ?? shown.center ?? { lat: 20, lng: 0 },
      zoom: start && !shown.center ? 12 : (shown.zoom ?? 2),
      attributionControl: Boolean(shown.tileUrl),
      worldCopyJump: true,
    });
    if (shown.tileUrl) L.tileLayer(shown.tileUrl, { maxZoom: 19 }).addTo(made);
    else graticule().addTo(made);
    for (const item of shown.savedItems) {
      L.circleMarker(item.position, { radius: 9, color: "#1971c2", fillOpacity: 0.6 })
        .bindTooltip(item.title)
        .on("click", (event) => {
          L.DomEvent.stop(event);
          if (!disabledRef.current) pickRef.current({ ...item.position, itemId: item.id });
        })
        .addTo(made);
    }
    made.on("click", (event: L.LeafletMouseEvent) => {
      if (disabledRef.current) return;
      const at = event.latlng.wrap();
      pickRef.current({ lat: round(at.lat), lng: round(at.lng) });
    });
    setMap(made);
    return () => {
      made.remove();
      markerRef.current = null;
      setMap(null);
    };
  }, [view]);

  const lat = point?.lat ?? Number.NaN;
  const lng = point?.lng ?? Number.NaN;
  useEffect(() => {
    if (!map) return;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at = L.latLng(lat, lng);
    if (!markerRef.current) {
      markerRef.current = L.marker(at, {
        icon: L.divIcon({ className: "fl-map-pin", iconSize: [24, 24], iconAnchor: [12, 24] }),
        keyboard: false,
        interactive: false,
      }).addTo(map);
    } else markerRef.current.setLatLng(at);
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [map, lat, lng]);

  const typed = (lat: string, lng: string) => {
    setLatText(lat);
    setLngText(lng);
    if (lat.trim() === "" && lng.trim() === "") return props.onChange(null);
    // Anything not a number is passed on as such, so core's check names the field as invalid.
    props.onChange({
      lat: lat.trim() === "" ? Number.NaN : Number(lat),
      lng: lng.trim() === "" ? Number.NaN : Number(lng),
    });
  };

  const common = {
    className: "fl-input",
    disabled: props.disabled,
    "aria-invalid": props.invalid || undefined,
    "aria-describedby": props.describedBy,
  };
  const question = props.element.question || props.element.title;
  return (
    <fieldset
      className="fl-point fl-widget-group"
      id={props.inputId}
      aria-label={question}
      aria-describedby={props.describedBy}
    >
      <div
        ref={containerRef}
        className="fl-map"
        data-tiles={tileUrl ? true : undefined}
        data-invalid={props.invalid || undefined}
        role="application"
        aria-label={translate("widget.map.area")}
      />
      {savedItems.length > 0 && (
        <label className="fl-widget-label">
          <span className="fl-part-label">{translate("widget.map.saved")}</span>
          <select
            {...common}
            value={point?.itemId ?? ""}
            onChange={(e) => {
              const item = savedItems.find((saved) => saved.id === e.currentTarget.value);
              pick(item ? { ...item.position, itemId: item.id } : null);
            }}
          >
            <option value="">{translate("widget.map.saved_none")}</option>
            {savedItems.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="fl-widget-row">
        <label className="fl-widget-label">
          <span className="fl-part-label">{translate("widget.map.latitude")}</span>
          <input
            {...common}
            type="number"
            inputMode="decimal"
            step="any"
            min={-90}
            max={90}
            aria-required={props.element.isRequired || undefined}
            value={latText}
            onChange={(e) => typed(e.currentTarget.value, lngText)}
          />
        </label>
        <label className="fl-widget-label">
          <span className="fl-part-label">{translate("widget.map.longitude")}</span>
          <input
            {...common}
            type="number"
            inputMode="decimal"
            step="any"
            min={-180}
            max={180}
            aria-required={props.element.isRequired || undefined}
            value={lngText}
            onChange={(e) => typed(latText, e.currentTarget.value)}
          />
        </label>
      </div>
      <div className="fl-widget-row">
        {props.locate && <LocateButton disabled={props.disabled} onLocated={pick} />}
        <button
          type="button"
          className="fl-widget-button"
          disabled={props.disabled || !point}
          onClick={() => pick(null)}
        >
          {translate("widget.map.clear")}
        </button>
      </div>
    </fieldset>
  );
}

const GEOLOCATION_ERRORS: Record<number, string> = {
  1: "widget.location.denied",
  2: "widget.location.unavailable",
  3: "widget.location.unavailable",
};

/** Asks the device where it is; every way that can fail is said, with the typed coordinates as the way out. */
function LocateButton(props: { disabled: boolean; onLocated(point: TPoint): void }) {
  const translate = useTranslate();
  const [state, setState] = useState<{ busy: boolean; message: string; error: boolean }>({
    busy: false,
    message: "",
    error: false,
  });
  const locate = () => {
    if (!("geolocation" in navigator)) {
      setState({ busy: false, message: "widget.location.unsupported", error: true });
      return;
    }
    setState({ busy: true, message: "widget.location.locating", error: false });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({ busy: false, message: "widget.location.found", error: false });
        props.onLocated({
          lat: round(position.coords.latitude),
          lng: round(position.coords.longitude),
          accuracy: Math.round(position.coords.accuracy),
        });
      },
      (error) => {
        setState({
          busy: false,
          message: GEOLOCATION_ERRORS[error.code] ?? "widget.location.unavailable",
          error: true,
        });
      },
      { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 },
    );
  };
  return (
    <>
      <button
        type="button"
        className="fl-widget-button fl-widget-primary"
        disabled={props.disabled || state.busy}
        aria-busy={state.busy || undefined}
        onClick={locate}
      >
        {translate("widget.location.use")}
      </button>
      <p
        className={state.error ? "fl-widget-error" : "fl-widget-status"}
        role={state.error ? "alert" : "status"}
      >
        {state.message && translate(state.message)}
      </p>
    </>
  );
}

export function MapField(props: FieldProps) {
  return <PointPicker {...props} />;
}

export function LocationField(props: FieldProps) {
  return <PointPicker {...props} locate />;
}
