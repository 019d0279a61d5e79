import type { TGroupedDates } from "@formloom/core/api/statistics";
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { addDays, useMonthSubmissions } from "../api/get-submission-days.ts";
import { useDayFormat } from "../day-format.ts";
import classes from "./submissions-calendar.module.css";

type Day = TGroupedDates["days"][number];

/** Background and text of each level: none, then four steps of more submissions (text at 4.5:1 or more). */
const LEVELS = [
  { bg: "var(--mantine-color-gray-1)", fg: "var(--mantine-color-gray-7)" },
  { bg: "var(--mantine-color-indigo-1)", fg: "var(--mantine-color-indigo-9)" },
  { bg: "var(--mantine-color-indigo-3)", fg: "var(--mantine-color-black)" },
  { bg: "var(--mantine-color-indigo-7)", fg: "white" },
  { bg: "var(--mantine-color-indigo-9)", fg: "white" },
];

/**
 * The upper bound of each level 1-4 for a month whose busiest day had `max` submissions: each
 * level a quarter of the way up. Levels that would hold no whole number are left out.
 */
export function levelBounds(max: number): Array<{ level: number; low: number; high: number }> {
  const bounds: Array<{ level: number; low: number; high: number }> = [];
  let previous = 0;
  for (let level = 1; level <= 4; level++) {
    const high = Math.ceil((level * max) / 4);
    if (high > previous) bounds.push({ level, low: previous + 1, high });
    previous = Math.max(previous, high);
  }
  return bounds;
}

const levelOf = (count: number, bounds: ReturnType<typeof levelBounds>) =>
  count === 0 ? 0 : (bounds.find((b) => count <= b.high)?.level ?? 4);

const monthOf = (day: string) => day.slice(0, 7);
const daysInMonth = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
const shiftMonth = (month: string, by: number) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
};
/** Monday is the week's first day: 0 for a Monday, 6 for a Sunday. */
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * A month of the account's submissions, one cell per day coloured by its count with a legend.
 * The arrows move between days (Page Up and Down between months), Enter opens the day's
 * submissions: the form's results filtered to that day, or the list of the forms answered then.
 */
export function SubmissionsCalendar({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const format = useDayFormat();
  const navigate = useNavigate();
  const [month, setMonth] = useState(monthOf(today));
  const [focused, setFocused] = useState(today);
  const [chosen, setChosen] = useState<string | null>(null);
  const focusNext = useRef(false);
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const { data, isPending, isError } = useMonthSubmissions(month);

  const byDate = new Map((data?.days ?? []).map((day) => [day.date, day]));
  const max = Math.max(0, ...[...byDate.values()].map((day) => day.count));
  const bounds = levelBounds(max);
  const total = [...byDate.values()].reduce((sum, day) => sum + day.count, 0);
  const first = `${month}-01`;
  const length = daysInMonth(month);
  const lead = weekday(first);
  // Whole weeks from the Monday on or before the 1st: each a list of its seven days.
  const start = addDays(first, -lead);
  const weeks = Array.from({ length: Math.ceil((lead + length) / 7) }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)),
  );
  const focusDay = monthOf(focused) === month ? focused : first;
  const monthName = new Intl.DateTimeFormat(i18n.language, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${first}T00:00:00Z`));
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" }).format(
      new Date(Date.UTC(2024, 0, 1 + i)),
    ),
  );

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    cells.current.get(focusDay)?.focus();
  });

  const moveTo = (day: string) => {
    focusNext.current = true;
    setFocused(day);
    if (monthOf(day) !== month) setMonth(monthOf(day));
  };
  const openDay = (day: string) => {
    const entry = byDate.get(day);
    setChosen(day);
    // One form answered that day: straight to its submissions of the day.
    if (entry && entry.forms.length === 1) {
      void navigate({
        to: "/forms/$id/results",
        params: { id: entry.forms[0]!.formId },
        search: { day },
      });
    }
  };
  const onKeyDown = (event: KeyboardEvent, day: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekday(day)),
      End: () => addDays(day, 6 - weekday(day)),
      PageUp: () => sameDayIn(shiftMonth(monthOf(day), -1), day),
      PageDown: () => sameDayIn(shiftMonth(monthOf(day), 1), day),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };
  const switchMonth = (by: number) => {
    const next = shiftMonth(month, by);
    setMonth(next);
    setFocused(`${next}-01`);
    setChosen(null);
  };

  const chosenDay = chosen && monthOf(chosen) === month ? chosen : null;
  const chosenEntry: Day | undefined = chosenDay ? byDate.get(chosenDay) : undefined;

  return (
    <Paper withBorder p="md" data-tour="submissions-calendar">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {t("Submissions calendar")}
          </Title>
          <Group gap={4} wrap="wrap" justify="flex-end">
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t("Previous month")}
                onClick={() => switchMonth(-1)}
              >
                <IconChevronLeft size={16} />
              </ActionIcon>
              <Text fw={600} miw={140} ta="center" aria-live="polite" data-testid="calendar-month">
                {monthName}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t("Next month")}
                onClick={() => switchMonth(1)}
              >
                <IconChevronRight size={16} />
              </ActionIcon>
            </Group>
            {month !== monthOf(today) && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  setMonth(monthOf(today));
                  setFocused(today);
                  setChosen(null);
                }}
              >
                {t("This month")}
              </Button>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {isPending ? <Loader size="xs" /> : t("{{count}} submissions this month", { count: total })}
        </Text>
        {isError && (
          <Text c="red" size="sm" role="alert">
            {t("The calendar could not be loaded.")}
          </Text>
        )}
        <table className={classes.grid} aria-label={t("Submissions in {{month}}", { month: monthName })}>
          <thead>
            <tr>
              {weekdays.map((name) => (
                <th key={name} className={classes.weekday} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  // Days of the months around are blank places.
                  if (monthOf(day) !== month) return <td key={day} className={classes.blank} />;
                  const count = byDate.get(day)?.count ?? 0;
                  const level = LEVELS[levelOf(count, bounds)]!;
                  const label = t("{{date}}: {{count}} submissions", { date: format.day(day), count });
                  return (
                    <td key={day}>
                      <UnstyledButton
                        ref={(node) => {
                          if (node) cells.current.set(day, node);
                          else cells.current.delete(day);
                        }}
                        className={classes.cell}
                        data-today={day === today || undefined}
                        data-chosen={day === chosenDay || undefined}
                        aria-pressed={day === chosenDay}
                        style={{ background: level.bg, color: level.fg }}
                        tabIndex={day === focusDay ? 0 : -1}
                        title={label}
                        onFocus={() => setFocused(day)}
                        onKeyDown={(event) => onKeyDown(event, day)}
                        onClick={() => openDay(day)}
                      >
                        {/* Its name is the whole sentence; the figures are how it looks. */}
                        <VisuallyHidden>{label}</VisuallyHidden>
                        <span className={classes.number} aria-hidden>
                          {Number(day.slice(8))}
                        </span>
                        {count > 0 && (
                          <span className={classes.count} aria-hidden>
                            {format.number(count)}
                          </span>
                        )}
                      </UnstyledButton>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <Group gap={6} wrap="wrap" aria-label={t("Legend")} role="group">
          <Text size="xs" c="dimmed">
            {t("Submissions a day")}:
          </Text>
          {[{ level: 0, low: 0, high: 0 }, ...bounds].map((bound) => (
            <Group key={bound.level} gap={4} wrap="nowrap">
              <Box className={classes.swatch} style={{ background: LEVELS[bound.level]!.bg }} />
              <Text size="xs">
                {bound.low === bound.high
                  ? format.number(bound.low)
                  : `${format.number(bound.low)}–${format.number(bound.high)}`}
              </Text>
            </Group>
          ))}
        </Group>
        {chosenDay && (
          <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)" aria-live="polite">
            <Text fw={600} size="sm" mb={4}>
              {t("Submissions on {{date}}", { date: format.day(chosenDay) })}
            </Text>
            {!chosenEntry ? (
              <Text size="sm" c="dimmed">
                {t("No submissions that day.")}
              </Text>
            ) : (
              <Stack gap={4}>
                {chosenEntry.forms.map((form) => (
                  <Group key={form.formId} justify="space-between" wrap="nowrap">
                    <AnchorLink
                      to="/forms/$id/results"
                      params={{ id: form.formId }}
                      search={{ day: chosenDay }}
                      size="sm"
                      truncate
                    >
                      {form.title}
                    </AnchorLink>
                    <Badge size="sm" variant="light">
                      {format.number(form.count)}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
        )}
      </Stack>
    </Paper>
  );
}

/** The same day of the month in another month, or its last day when that one is shorter. */
function sameDayIn(month: string, day: string) {
  const wanted = Math.min(Number(day.slice(8)), daysInMonth(month));
  return `${month}-${String(wanted).padStart(2, "0")}`;
}
