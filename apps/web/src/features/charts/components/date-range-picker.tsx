import { Chip, Group, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { type DateRange, presetRange, RANGE_PRESETS, type RangePreset } from "../date-range.ts";

const LABELS: Record<RangePreset, string> = {
  today: msg("Today"),
  yesterday: msg("Yesterday"),
  last7: msg("Last 7 days"),
  last30: msg("Last 30 days"),
  custom: msg("Custom"),
};

/**
 * The days every chart of the page covers: a preset (today, yesterday, the last 7 or 30 days) or
 * two days of one's own, in the reader's zone.
 */
export function DateRangePicker({
  value,
  onChange,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
}) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState({ dateFrom: value.dateFrom, dateTo: value.dateTo });
  const wrongOrder = custom.dateFrom !== "" && custom.dateTo !== "" && custom.dateFrom > custom.dateTo;

  const choose = (preset: RangePreset) => {
    if (preset === "custom") {
      setCustom({ dateFrom: value.dateFrom, dateTo: value.dateTo });
      onChange({ ...value, preset });
    } else {
      onChange(presetRange(preset, value.timezone));
    }
  };
  const edit = (patch: Partial<typeof custom>) => {
    const next = { ...custom, ...patch };
    setCustom(next);
    if (
      /^\d{4}-\d{2}-\d{2}$/.test(next.dateFrom) &&
      /^\d{4}-\d{2}-\d{2}$/.test(next.dateTo) &&
      next.dateFrom <= next.dateTo
    )
      onChange({ ...value, preset: "custom", ...next });
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" className="date-range-picker" data-testid="date-range">
      <Chip.Group value={value.preset} onChange={(preset) => choose(preset as RangePreset)}>
        <Group gap={6} role="radiogroup" aria-label={t("Period")} wrap="wrap">
          {RANGE_PRESETS.map((preset) => (
            <Chip key={preset} value={preset} size="sm" variant="outline">
              {t(LABELS[preset])}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {value.preset === "custom" && (
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            size="xs"
            label={t("From")}
            value={custom.dateFrom}
            max={custom.dateTo || undefined}
            onChange={(event) => edit({ dateFrom: event.currentTarget.value })}
            error={wrongOrder ? t("The start must not be after the end") : undefined}
          />
          <TextInput
            type="date"
            size="xs"
            label={t("To")}
            value={custom.dateTo}
            min={custom.dateFrom || undefined}
            onChange={(event) => edit({ dateTo: event.currentTarget.value })}
          />
        </Group>
      )}
      <Text size="xs" c="dimmed" className="date-range-zone">
        {t("Time zone: {{zone}}", { zone: value.timezone })}
      </Text>
    </Group>
  );
}
