import type { TArea } from "@formloom/core/api/interviewer-maps";
import { type LatLng, POLYGON_COLORS } from "@formloom/core/interviewer-areas";
import { Badge, Button, ColorSwatch, Group, Paper, Stack, Text } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useDeleteArea, useInterviewerAreas } from "../api/interviewer-areas.ts";
import { AreaEditor, type Draft, round } from "./area-editor.tsx";
import { fitTo, keepFitted, tooltipText, useLeafletMap } from "./leaflet-map.ts";
import { COLOR_NAMES, POLYGON_HEX } from "./polygon-colors.ts";
import "./maps.css";

const route = getRouteApi("/layout/account/interviewer/$id/map-workplace");

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
          }).bindTooltip(tooltipText(`${area.name} · ${t(COLOR_NAMES[area.color])}`), { sticky: true }),
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
