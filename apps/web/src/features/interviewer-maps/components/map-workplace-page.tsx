import type { TArea } from "@formloom/core/api/interviewer-maps";
import { type LatLng, POLYGON_COLORS, type PolygonColor } from "@formloom/core/interviewer-areas";
import {
  Badge,
  Button,
  Card,
  ColorSwatch,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconArrowBackUp, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import {
  useCreateArea,
  useDeleteArea,
  useInterviewerAreas,
  useUpdateArea,
} from "../api/interviewer-areas.ts";
import { fitTo, keepFitted, POLYGON_HEX, useLeafletMap } from "./leaflet-map.ts";
import "./maps.css";

/** The nine colours' names, as the colour picker reads them out. */
export const COLOR_NAMES: Record<PolygonColor, string> = {
  orange: msg("Orange"),
  lemon: msg("Lemon"),
  lime: msg("Lime"),
  green: msg("Green"),
  pink: msg("Pink"),
  blue: msg("Blue"),
  yellow: msg("Yellow"),
  ocean: msg("Ocean"),
  purple: msg("Purple"),
};

const route = getRouteApi("/layout/account/interviewer/$id/map-workplace");

interface Draft {
  id?: number;
  name: string;
  color: PolygonColor;
  points: LatLng[];
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** /interviewer/:id/map-workplace: the areas an interviewer works in, drawn and changed on the map. */
export function MapWorkplacePage() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const { data, isPending, error } = useInterviewerAreas(id);
  const [draft, setDraft] = useState<Draft | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(containerRef, data ? data.tileUrl : undefined);
  const areas = data?.areas ?? [];

  return (
    <Stack>
      <PageHeader
        title={data ? t("Workplace map of {{name}}", { name: data.interviewer.name }) : t("Workplace map")}
        description={t(
          "The areas this interviewer works in. Submissions collected outside them are flagged.",
        )}
        actions={
          <ButtonLink to="/interviewer/$id/activity-map" params={{ id }} variant="default">
            {t("Activity map")}
          </ButtonLink>
        }
      />
      <QueryState isPending={isPending} error={error} empty={false}>
        {() => null}
      </QueryState>
      <div className="fl-maps-layout">
        <Paper withBorder className="fl-maps-map-frame">
          <div
            ref={containerRef}
            className="fl-maps-map"
            data-drawing={draft ? true : undefined}
            data-tiles={data?.tileUrl ? true : undefined}
            role="application"
            aria-label={draft ? t("Map: click to add a corner of the area") : t("Map of the areas")}
          />
        </Paper>
        <Stack className="fl-maps-side">
          {map && <AreaLayers map={map} areas={areas} editingId={draft?.id} />}
          {map && draft && <DraftLayer map={map} draft={draft} onChange={setDraft} />}
          {draft ? (
            <AreaEditor interviewerId={id} draft={draft} onChange={setDraft} onDone={() => setDraft(null)} />
          ) : (
            data?.canEdit && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  setDraft({
                    name: t("Area {{number}}", { number: areas.length + 1 }),
                    color: POLYGON_COLORS[areas.length % 9]!,
                    points: [],
                  })
                }
              >
                {t("Draw an area")}
              </Button>
            )
          )}
          <AreaList
            interviewerId={id}
            areas={areas}
            canEdit={Boolean(data?.canEdit) && !draft}
            onEdit={(area) => {
              setDraft({ id: area.id, name: area.name, color: area.color, points: area.points });
              if (map) fitTo(map, area.points);
            }}
          />
        </Stack>
      </div>
    </Stack>
  );
}

/** The saved areas as filled polygons in their colours; the one being edited is drawn by the draft. */
function AreaLayers({ map, areas, editingId }: { map: L.Map; areas: TArea[]; editingId?: number }) {
  const { t } = useTranslation();
  useEffect(() => {
    const layer = L.layerGroup(
      areas
        .filter((area) => area.id !== editingId)
        .map((area) =>
          L.polygon(area.points, {
            color: POLYGON_HEX[area.color],
            fillColor: POLYGON_HEX[area.color],
            fillOpacity: 0.3,
            weight: 2,
            interactive: false,
            className: `fl-area fl-area-${area.color}`,
          }).bindTooltip(`${area.name} · ${t(COLOR_NAMES[area.color])}`, { sticky: true }),
        ),
    ).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, areas, editingId, t]);
  // The areas are shown whole when the page opens; after that the view stays where the user moved it.
  const first = useRef<string | null>(null);
  if (first.current === null && areas.length > 0)
    first.current = JSON.stringify(areas.flatMap((area) => area.points));
  const shown = first.current;
  useEffect(() => (shown ? keepFitted(map, JSON.parse(shown) as LatLng[]) : undefined), [map, shown]);
  return null;
}

/** The area being drawn: its outline and a draggable handle on each corner; a click on the map adds one. */
function DraftLayer({ map, draft, onChange }: { map: L.Map; draft: Draft; onChange(next: Draft): void }) {
  const latest = useRef({ draft, onChange });
  latest.current = { draft, onChange };
  useEffect(() => {
    const add = (event: L.LeafletMouseEvent) => {
      const at = event.latlng.wrap();
      const current = latest.current.draft;
      latest.current.onChange({
        ...current,
        points: [...current.points, { lat: round(at.lat), lng: round(at.lng) }],
      });
    };
    map.on("click", add);
    return () => {
      map.off("click", add);
    };
  }, [map]);
  useEffect(() => {
    const hex = POLYGON_HEX[draft.color];
    const outline =
      draft.points.length >= 3
        ? L.polygon(draft.points, {
            color: hex,
            fillColor: hex,
            fillOpacity: 0.25,
            dashArray: "6 4",
            interactive: false,
          })
        : L.polyline(draft.points, { color: hex, dashArray: "6 4", interactive: false });
    const handles = draft.points.map((point, index) =>
      L.marker(point, {
        draggable: true,
        keyboard: false,
        icon: L.divIcon({ className: "fl-maps-corner", iconSize: [14, 14] }),
      }).on("dragend", (event) => {
        const at = (event.target as L.Marker).getLatLng().wrap();
        const current = latest.current.draft;
        const points = current.points.map((old, i) =>
          i === index ? { lat: round(at.lat), lng: round(at.lng) } : old,
        );
        latest.current.onChange({ ...current, points });
      }),
    );
    const layer = L.layerGroup([outline, ...handles]).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, draft]);
  return null;
}

function AreaEditor({
  interviewerId,
  draft,
  onChange,
  onDone,
}: {
  interviewerId: number;
  draft: Draft;
  onChange(next: Draft): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const create = useCreateArea(interviewerId);
  const update = useUpdateArea(interviewerId);
  const saving = draft.id === undefined ? create : update;
  const save = () => {
    const body = { name: draft.name, color: draft.color, points: draft.points };
    const options = {
      onSuccess: () => {
        notifySuccess(msg("Area saved"));
        onDone();
      },
    };
    if (draft.id === undefined) create.mutate(body, options);
    else update.mutate({ id: draft.id, ...body }, options);
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={600}>{draft.id === undefined ? t("New area") : t("Edit area")}</Text>
        <Text size="sm" c="dimmed">
          {t("Click on the map to add corners; drag a corner to move it.")}
        </Text>
        <TextInput
          label={t("Area name")}
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
        />
        <Radio.Group
          label={t("Colour")}
          value={draft.color}
          onChange={(color) => onChange({ ...draft, color: color as PolygonColor })}
        >
          <SimpleGrid cols={{ base: 3, md: 2 }} spacing={6} mt={4}>
            {POLYGON_COLORS.map((color) => (
              <Radio
                key={color}
                value={color}
                label={
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={POLYGON_HEX[color]} size={16} />
                    {t(COLOR_NAMES[color])}
                  </Group>
                }
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Text size="sm" aria-live="polite">
          {t("Corners: {{number}}", { number: draft.points.length })}
        </Text>
        {saving.error && (
          <Text size="sm" c="red" role="alert">
            {errorText(saving.error)}
          </Text>
        )}
        <CornerByNumbers onAdd={(point) => onChange({ ...draft, points: [...draft.points, point] })} />
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconArrowBackUp size={14} />}
            disabled={draft.points.length === 0}
            onClick={() => onChange({ ...draft, points: draft.points.slice(0, -1) })}
          >
            {t("Undo last corner")}
          </Button>
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t("Cancel")}
          </Button>
          <Button onClick={save} loading={saving.isPending} disabled={draft.points.length < 3}>
            {t("Save area")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The keyboard's way to draw: a corner typed as latitude and longitude. */
function CornerByNumbers({ onAdd }: { onAdd(point: LatLng): void }) {
  const { t } = useTranslation();
  const [lat, setLat] = useState("");
  const [lng, setLng] = useState("");
  const latitude = Number(lat);
  const longitude = Number(lng);
  const valid =
    lat.trim() !== "" &&
    lng.trim() !== "" &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        size="xs"
        type="number"
        step="any"
        label={t("Latitude")}
        value={lat}
        onChange={(event) => setLat(event.currentTarget.value)}
        style={{ flex: 1, minWidth: 0 }}
      />
      <TextInput
        size="xs"
        type="number"
        step="any"
        label={t("Longitude")}
        value={lng}
        onChange={(event) => setLng(event.currentTarget.value)}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!valid}
        onClick={() => {
          onAdd({ lat: round(latitude), lng: round(longitude) });
          setLat("");
          setLng("");
        }}
      >
        {t("Add corner")}
      </Button>
    </Group>
  );
}

function AreaList({
  interviewerId,
  areas,
  canEdit,
  onEdit,
}: {
  interviewerId: number;
  areas: TArea[];
  canEdit: boolean;
  onEdit(area: TArea): void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteArea(interviewerId);
  if (areas.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("No areas yet.")}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("Areas")}>
      {areas.map((area) => (
        <Paper key={area.id} withBorder p="xs" component="li">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <ColorSwatch color={POLYGON_HEX[area.color]} size={18} />
              <div style={{ minWidth: 0 }}>
                <Text fw={500} style={{ overflowWrap: "anywhere" }}>
                  {area.name}
                </Text>
                <Group gap={6}>
                  <Badge variant="light" color="gray" size="sm">
                    {t(COLOR_NAMES[area.color])}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t("Corners: {{number}}", { number: area.points.length })}
                  </Text>
                </Group>
              </div>
            </Group>
            {canEdit && (
              <Group gap={4} wrap="nowrap">
                <Button
                  variant="subtle"
                  size="xs"
                  px={6}
                  aria-label={t("Edit {{name}}", { name: area.name })}
                  onClick={() => onEdit(area)}
                >
                  <IconPencil size={16} />
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  px={6}
                  aria-label={t("Delete {{name}}", { name: area.name })}
                  onClick={() =>
                    confirmDanger({
                      title: t("Delete the area?"),
                      message: t("“{{name}}” will no longer be part of this interviewer's workplace.", {
                        name: area.name,
                      }),
                      onConfirm: () =>
                        remove.mutate(area.id, {
                          onSuccess: () => notifySuccess(msg("Area deleted")),
                          onError: notifyError,
                        }),
                    })
                  }
                >
                  <IconTrash size={16} />
                </Button>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
