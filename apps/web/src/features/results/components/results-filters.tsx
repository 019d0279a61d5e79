import {
  NPS_GROUP_BOUNDS,
  NPS_GROUPS,
  type TAnswerFilters,
  type TFieldFilter,
} from "@formloom/core/api/results-table";
import type { TElement } from "@formloom/core/element-schema";
import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconPlus, IconSearch, IconX } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { useUser } from "../../auth/api/get-user.ts";
import { conditionChoices } from "../../rules/rule-text.ts";
import { useAnswerTags } from "../api/results-notes.ts";
import { dayOfBound, dayRange } from "../day-range.ts";

const CHOICE_TYPES = new Set(["radio", "select", "checkbox", "multipleChoice", "imageChoice"]);
const NUMBER_TYPES = new Set(["number", "slider", "rate", "scoring"]);

/**
 * How a field's answers are filtered: an NPS question by its group, a choice by one of its
 * options, a number by a range, a date question by days, anything else by text.
 */
export function filterKind(field: TElement): TFieldFilter["op"] {
  if (field.fieldType === "nps") return "nps";
  if (field.fieldType === "dateTime" && field.fieldSettings.dateTimeMode !== "time") return "dates";
  if (CHOICE_TYPES.has(field.fieldType) && (field.fieldSettings.answerVariants ?? []).length > 0)
    return "equals";
  if (NUMBER_TYPES.has(field.fieldType)) return "range";
  return "contains";
}

/** The groups' names, with their score bounds filled in. */
const NPS_LABELS = {
  promoters: msg("Promoters ({{low}}–{{high}})"),
  passives: msg("Passives ({{low}}–{{high}})"),
  detractors: msg("Detractors ({{low}}–{{high}})"),
};

const blankFilter = (field: TElement): TFieldFilter => {
  const op = filterKind(field);
  if (op === "nps") return { fieldId: field.id, op, group: "promoters" };
  return op === "range" || op === "dates" ? { fieldId: field.id, op } : { fieldId: field.id, op, value: "" };
};

/** Days picked the wrong way round: said under the fields, and not sent until put right. */
const datesInverted = (f: { from?: string | undefined; to?: string | undefined }) =>
  f.from !== undefined && f.to !== undefined && f.from > f.to;

/** The filter conditions a user can leave half-filled; only complete ones go to the server. */
export function completeFilters(filters: TAnswerFilters): TAnswerFilters {
  const fields = (filters.fields ?? []).filter((f) =>
    f.op === "nps"
      ? true
      : f.op === "range"
        ? f.min !== undefined || f.max !== undefined
        : f.op === "dates"
          ? (f.from !== undefined || f.to !== undefined) && !datesInverted(f)
          : f.value !== "",
  );
  const out: TAnswerFilters = { ...filters, fields: fields.length > 0 ? fields : undefined };
  for (const key of Object.keys(out) as Array<keyof TAnswerFilters>) {
    const value = out[key];
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) delete out[key];
  }
  return out;
}

/**
 * The results table's filters: a search in the answers, dates, tags, score and result, and
 * conditions on single fields. Changes reach the table a moment after typing stops.
 */
export function ResultsFilters({
  fields,
  scored,
  results,
  value,
  onChange,
}: {
  fields: TElement[];
  scored: boolean;
  /** The results a submission of this form may have: passed and failed, or its gradations. */
  results: Array<{ value: string; label: string }>;
  value: TAnswerFilters;
  onChange(filters: TAnswerFilters): void;
}) {
  const { t } = useTranslation();
  const { data: knownTags = [] } = useAnswerTags();
  const { data: user } = useUser();
  const [draft, setDraft] = useState<TAnswerFilters>(value);
  const send = useDebouncedCallback((next: TAnswerFilters) => onChange(completeFilters(next)), 400);
  const update = (patch: Partial<TAnswerFilters>, now = false) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (now) onChange(completeFilters(next));
    else send(next);
  };
  const conditions = draft.fields ?? [];
  // Each condition's row keeps its key while rows before it come and go.
  const nextKey = useRef(0);
  const [keys, setKeys] = useState<number[]>(() => conditions.map(() => nextKey.current++));
  const setCondition = (index: number, condition: TFieldFilter | null, now = false) => {
    const list = [...conditions];
    if (condition) list[index] = condition;
    else {
      list.splice(index, 1);
      setKeys((k) => k.filter((_, i) => i !== index));
    }
    update({ fields: list }, now);
  };
  const addCondition = (field: TElement) => {
    setKeys((k) => [...k, nextKey.current++]);
    update({ fields: [...conditions, blankFilter(field)] }, true);
  };
  const fieldById = new Map(fields.map((field) => [field.id, field]));
  const fieldOptions = fields.map((field) => ({ value: field.id, label: field.question || field.id }));
  const number = (text: string | number) => (text === "" || typeof text === "string" ? undefined : text);
  // A day picked is the reader's day: from its first millisecond in their zone to its last.
  const day = (text: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text) ? dayRange(text, user?.timezone) : undefined;
  const from = (text: string) => day(text)?.dateFrom;
  const until = (text: string) => day(text)?.dateTo;

  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            label={t("Search in answers")}
            leftSection={<IconSearch size={14} />}
            value={draft.search ?? ""}
            onChange={(e) => update({ search: e.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label={t("Submitted from")}
            value={dayOfBound(draft.dateFrom, user?.timezone)}
            onChange={(e) => update({ dateFrom: from(e.currentTarget.value) }, true)}
          />
          <TextInput
            type="date"
            label={t("Submitted until")}
            value={dayOfBound(draft.dateTo, user?.timezone)}
            onChange={(e) => update({ dateTo: until(e.currentTarget.value) }, true)}
          />
          <MultiSelect
            label={t("Tags")}
            data={knownTags}
            value={draft.tags ?? []}
            onChange={(tags) => update({ tags: tags.length > 0 ? tags : undefined }, true)}
            searchable
            clearable
          />
          {scored && (
            <NumberInput
              label={t("Score from")}
              value={draft.scoreMin ?? ""}
              onChange={(v) => update({ scoreMin: number(v) })}
            />
          )}
          {scored && (
            <NumberInput
              label={t("Score up to")}
              value={draft.scoreMax ?? ""}
              onChange={(v) => update({ scoreMax: number(v) })}
            />
          )}
          {scored && results.length > 0 && (
            <Select
              label={t("Result")}
              clearable
              value={draft.result ?? null}
              onChange={(result) => update({ result: result ?? undefined }, true)}
              data={results}
            />
          )}
        </SimpleGrid>
        {conditions.map((condition, index) => {
          const field = fieldById.get(condition.fieldId);
          const label = field?.question || condition.fieldId;
          return (
            <Group key={keys[index] ?? `extra-${condition.fieldId}`} gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={t("Field")}
                w={220}
                data={fieldOptions}
                value={condition.fieldId}
                allowDeselect={false}
                onChange={(id) => {
                  const next = id ? fieldById.get(id) : undefined;
                  if (next) setCondition(index, blankFilter(next), true);
                }}
              />
              {condition.op === "equals" && (
                <Select
                  label={t("Equals")}
                  aria-label={t("Answer of {{field}}", { field: label })}
                  w={200}
                  data={conditionChoices(field, t)}
                  value={condition.value || null}
                  onChange={(v) => setCondition(index, { ...condition, value: v ?? "" }, true)}
                />
              )}
              {condition.op === "contains" && (
                <TextInput
                  label={t("Contains")}
                  aria-label={t("Answer of {{field}}", { field: label })}
                  w={200}
                  placeholder={
                    field?.fieldType === "dateTime"
                      ? "DD.MM.YYYY"
                      : field?.fieldType === "matrix"
                        ? t("Row: choice")
                        : undefined
                  }
                  value={condition.value}
                  onChange={(e) => setCondition(index, { ...condition, value: e.currentTarget.value })}
                />
              )}
              {condition.op === "nps" && (
                <Select
                  label={t("NPS group")}
                  aria-label={t("NPS group of {{field}}", { field: label })}
                  w={220}
                  allowDeselect={false}
                  data={NPS_GROUPS.map((group) => ({
                    value: group,
                    label: t(NPS_LABELS[group], {
                      low: NPS_GROUP_BOUNDS[group][0],
                      high: NPS_GROUP_BOUNDS[group][1],
                    }),
                  }))}
                  value={condition.group}
                  onChange={(group) =>
                    group &&
                    setCondition(index, { ...condition, group: group as typeof condition.group }, true)
                  }
                />
              )}
              {condition.op === "dates" && (
                <>
                  <TextInput
                    type="date"
                    label={t("From")}
                    aria-label={t("{{field}} from", { field: label })}
                    w={160}
                    max={condition.to}
                    value={condition.from ?? ""}
                    onChange={(e) =>
                      setCondition(index, { ...condition, from: e.currentTarget.value || undefined }, true)
                    }
                  />
                  <TextInput
                    type="date"
                    label={t("To")}
                    aria-label={t("{{field}} until", { field: label })}
                    w={160}
                    min={condition.from}
                    error={datesInverted(condition) ? t("codes.search.dates") : undefined}
                    value={condition.to ?? ""}
                    onChange={(e) =>
                      setCondition(index, { ...condition, to: e.currentTarget.value || undefined }, true)
                    }
                  />
                </>
              )}
              {condition.op === "range" && (
                <>
                  <NumberInput
                    label={t("From")}
                    w={110}
                    value={condition.min ?? ""}
                    onChange={(v) => setCondition(index, { ...condition, min: number(v) })}
                  />
                  <NumberInput
                    label={t("To")}
                    w={110}
                    value={condition.max ?? ""}
                    onChange={(v) => setCondition(index, { ...condition, max: number(v) })}
                  />
                </>
              )}
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t("Remove this condition")}
                onClick={() => setCondition(index, null, true)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Group justify="space-between">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            disabled={fields.length === 0 || conditions.length >= 20}
            onClick={() => addCondition(fields[0]!)}
          >
            {t("Add a condition on a field")}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setDraft({});
              setKeys([]);
              onChange({});
            }}
          >
            {t("Clear filters")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
