import type { TAreaInput } from "@formloom/core/api/interviewer-maps";
import { type LatLng, POLYGON_COLORS, type PolygonColor } from "@formloom/core/interviewer-areas";
import { Button, Card, ColorSwatch, Group, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCreateArea, useUpdateArea } from "../api/interviewer-areas.ts";
import { COLOR_NAMES, POLYGON_HEX } from "./polygon-colors.ts";

/** An area being drawn or changed: a new one has no id yet. */
export interface Draft extends TAreaInput {
  id?: number;
}

/** Six decimals: about 10 cm, more than a click can tell. */
export const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** The drawn area's name, colour and corners, saved as a new area or over the one being changed. */
export function AreaEditor({
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
