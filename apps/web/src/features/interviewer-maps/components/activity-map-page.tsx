import type { TActivityPoint, TArea } from "@formloom/core/api/interviewer-maps";
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import dayjs from "dayjs";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { type Formatters, useFormat } from "../../../i18n/format.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useInterviewerActivity } from "../api/interviewer-activity.ts";
import { keepFitted, tooltipText, useLeafletMap } from "./leaflet-map.ts";
import { COLOR_NAMES, POLYGON_HEX } from "./polygon-colors.ts";
import "./maps.css";

const route = getRouteApi("/layout/account/interviewer/$id/activity-map");

/** A submission inside the areas is blue; one outside them is red, larger and ringed, so it stands out. */
const INSIDE = "#1c7ed6";
const OUTSIDE = "#e03131";

const DAY = "YYYY-MM-DD";

/** /interviewer/:id/activity-map: where and when an interviewer's submissions were collected, by day. */
export function ActivityMapPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { id } = route.useParams();
  const search = route.useSearch();
  const navigate = useNavigate({ from: "/interviewer/$id/activity-map" });
  const { data, isPending, error } = useInterviewerActivity(id, { from: search.from, to: search.to });
  const containerRef = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(containerRef, data ? data.tileUrl : undefined);
  const outside = data?.points.filter((point) => point.outside) ?? [];
  const from = search.from ?? data?.from ?? "";
  const to = search.to ?? data?.to ?? from;

  const show = (days: { from: string; to: string }) => void navigate({ search: days, replace: true });
  // With no day asked for, the server says which day is today in the user's time zone.
  const today = dayjs(!search.from && data ? data.from : undefined);
  const presets = [
    { label: t("Today"), from: today.format(DAY), to: today.format(DAY) },
    {
      label: t("Yesterday"),
      from: today.subtract(1, "day").format(DAY),
      to: today.subtract(1, "day").format(DAY),
    },
    { label: t("Last 7 days"), from: today.subtract(6, "day").format(DAY), to: today.format(DAY) },
  ];

  return (
    <Stack>
      <PageHeader
        title={data ? t("Activity map of {{name}}", { name: data.interviewer.name }) : t("Activity map")}
        description={t("Where and when this interviewer's submissions were collected.")}
        actions={
          <ButtonLink to="/interviewer/$id/map-workplace" params={{ id }} variant="default">
            {t("Workplace map")}
          </ButtonLink>
        }
      />
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={t("From")}
          value={from}
          max={to || undefined}
          onChange={(event) => event.currentTarget.value && show({ from: event.currentTarget.value, to })}
        />
        <TextInput
          type="date"
          label={t("To")}
          value={to}
          min={from || undefined}
          onChange={(event) => event.currentTarget.value && show({ from, to: event.currentTarget.value })}
        />
        <Group gap={6}>
          {presets.map((preset) => (
            <Button
              key={preset.label}
              size="xs"
              variant={preset.from === from && preset.to === to ? "filled" : "default"}
              onClick={() => show({ from: preset.from, to: preset.to })}
            >
              {preset.label}
            </Button>
          ))}
        </Group>
      </Group>
      <QueryState isPending={isPending} error={error} empty={false}>
        {() => null}
      </QueryState>
      <div className="fl-maps-layout">
        <Paper withBorder className="fl-maps-map-frame">
          <div
            ref={containerRef}
            className="fl-maps-map"
            data-tiles={data?.tileUrl ? true : undefined}
            role="application"
            aria-label={t("Map of the submissions")}
          />
        </Paper>
        <Stack className="fl-maps-side" gap="xs">
          {map && data && (
            <ActivityLayers map={map} areas={data.areas} points={data.points} format={format} />
          )}
          {data && (
            <>
              <Group gap="xs">
                <Badge color="blue" variant="light">
                  {t("Submissions: {{number}}", { number: data.points.length })}
                </Badge>
                <Badge
                  color={outside.length > 0 ? "red" : "gray"}
                  variant={outside.length > 0 ? "filled" : "light"}
                >
                  {t("Outside the areas: {{number}}", { number: outside.length })}
                </Badge>
              </Group>
              {data.areas.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t("No areas are assigned, so no submission is outside.")}
                </Text>
              )}
              {data.unplaced > 0 && (
                <Text size="sm" c="dimmed">
                  {t("Without a place: {{number}}", { number: data.unplaced })}
                </Text>
              )}
              <Legend areas={data.areas} />
            </>
          )}
        </Stack>
      </div>
      {data && <PointsTable points={data.points} format={format} />}
    </Stack>
  );
}

function pointLabel(point: TActivityPoint, format: Formatters) {
  return `${format.dateTimeSeconds(point.submittedAt)} · ${point.formTitle}${point.number ? ` #${point.number}` : ""}`;
}

function ActivityLayers({
  map,
  areas,
  points,
  format,
}: {
  map: L.Map;
  areas: TArea[];
  points: TActivityPoint[];
  format: Formatters;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    const polygons = areas.map((area) =>
      L.polygon(area.points, {
        color: POLYGON_HEX[area.color],
        fillColor: POLYGON_HEX[area.color],
        fillOpacity: 0.2,
        weight: 2,
        interactive: false,
      }),
    );
    const markers = points.map((point) =>
      L.circleMarker(point, {
        radius: point.outside ? 9 : 7,
        color: point.outside ? "#7a1010" : "#ffffff",
        weight: 2,
        fillColor: point.outside ? OUTSIDE : INSIDE,
        fillOpacity: 0.95,
        className: point.outside
          ? "fl-maps-point fl-maps-point-outside"
          : "fl-maps-point fl-maps-point-inside",
      }).bindTooltip(tooltipText(`${pointLabel(point, format)}${point.outside ? ` · ${t("Outside")}` : ""}`)),
    );
    const layer = L.layerGroup([...polygons, ...markers]).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, areas, points, format, t]);
  // A new day's points are shown whole; the same points again keep the view the user chose.
  const shown = JSON.stringify([
    ...points.map((point) => [point.lat, point.lng]),
    ...areas.flatMap((area) => area.points.map((corner) => [corner.lat, corner.lng])),
  ]);
  useEffect(() => keepFitted(map, JSON.parse(shown) as [number, number][]), [map, shown]);
  return null;
}

function Legend({ areas }: { areas: TArea[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("Legend")}>
      <Group gap={6} component="li">
        <span className="fl-maps-dot" style={{ background: INSIDE }} />
        <Text size="sm">{t("Inside the areas")}</Text>
      </Group>
      <Group gap={6} component="li">
        <span className="fl-maps-dot fl-maps-dot-outside" style={{ background: OUTSIDE }} />
        <Text size="sm">{t("Outside the areas")}</Text>
      </Group>
      {areas.map((area) => (
        <Group key={area.id} gap={6} component="li" wrap="nowrap">
          <span className="fl-maps-swatch" style={{ background: POLYGON_HEX[area.color] }} />
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {area.name} ({t(COLOR_NAMES[area.color])})
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function PointsTable({ points, format }: { points: TActivityPoint[]; format: Formatters }) {
  const { t } = useTranslation();
  if (points.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t("No located submissions on these days.")}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table striped aria-label={t("Submissions on the map")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("Time")}</Table.Th>
            <Table.Th>{t("Form")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("Place")}</Table.Th>
            <Table.Th>{t("Area")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((point) => (
            <Table.Tr key={point.answerId} data-outside={point.outside || undefined}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {format.dateTimeSeconds(point.submittedAt)}
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {point.formTitle}
                {point.number ? ` #${point.number}` : ""}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
                {point.source === "geo" && (
                  <Text span size="xs" c="dimmed">
                    {" "}
                    ({t("from the address")})
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {point.outside ? (
                  <Badge color="red">{t("Outside")}</Badge>
                ) : (
                  <Badge color="blue" variant="light">
                    {t("Inside")}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
