import type { TElement } from "@formloom/core/element-schema";
import {
  DATE_SEGMENTS,
  type DateSegment,
  RULE_OPERATORS,
  type RuleOperator,
  type TCondition,
  type TConditionGroup,
  type TDateCondition,
  type TFieldCondition,
} from "@formloom/core/rule-schema";
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconCalendar, IconPlus, IconSitemap, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../components/icon-action.tsx";
import { msg } from "../../../i18n/i18n.ts";
import {
  conditionChoices,
  fieldLabel,
  NO_VALUE,
  OPERATOR_LABELS,
  readableFields,
  SEGMENT_LABELS,
} from "../rule-text.ts";

/** How deep groups may nest in the editor (the schema allows more; people rarely need it). */
const MAX_DEPTH = 4;

const SEGMENT_HINTS: Record<DateSegment, string> = {
  currentDatetime: msg("A date and time, e.g. 2026-12-31T18:00"),
  currentTime: msg("A time, e.g. 09:30"),
  dayOfWeek: msg("1 to 7, Monday is 1"),
  dayOfMonth: msg("1 to 31"),
  month: msg("1 to 12"),
  hours: msg("0 to 23"),
};

interface Props {
  group: TConditionGroup;
  fields: readonly TElement[];
  onChange(group: TConditionGroup): void;
  onRemove?(): void;
  depth?: number;
}

/** An AND/OR group of conditions, which may hold further groups. */
export function ConditionGroupEditor({ group, fields, onChange, onRemove, depth = 0 }: Props) {
  const { t } = useTranslation();
  const readable = readableFields(fields);
  const set = (index: number, condition: TCondition) =>
    onChange({ ...group, conditions: group.conditions.map((c, i) => (i === index ? condition : c)) });
  const remove = (index: number) =>
    onChange({ ...group, conditions: group.conditions.filter((_, i) => i !== index) });
  const add = (condition: TCondition) => onChange({ ...group, conditions: [...group.conditions, condition] });
  const newField = (): TFieldCondition => ({
    kind: "field",
    fieldId: readable[0]?.id ?? "",
    operator: "equal",
    value: "",
  });

  return (
    <Paper
      withBorder
      p="sm"
      bg={depth % 2 === 1 ? "var(--mantine-color-gray-0)" : undefined}
      role="group"
      aria-label={depth === 0 ? t("Conditions") : t("Group of conditions")}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={500}>
              {t("Match")}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label={t("How the conditions combine")}
              value={group.combinator}
              onChange={(value) => onChange({ ...group, combinator: value as "AND" | "OR" })}
              data={[
                { value: "AND", label: t("AND") },
                { value: "OR", label: t("OR") },
              ]}
            />
            <Text size="sm" c="dimmed">
              {group.combinator === "AND" ? t("all of them") : t("any of them")}
            </Text>
          </Group>
          {onRemove && (
            <IconAction label={t("Remove group")} color="red" onClick={onRemove}>
              <IconTrash size={16} />
            </IconAction>
          )}
        </Group>
        {group.conditions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("No conditions: the rule always applies.")}
          </Text>
        )}
        {group.conditions.map((condition, index) =>
          condition.kind === "group" ? (
            <ConditionGroupEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no ids; their place is their identity.
              key={index}
              group={condition}
              fields={fields}
              depth={depth + 1}
              onChange={(next) => set(index, next)}
              onRemove={() => remove(index)}
            />
          ) : (
            <ConditionRow
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no ids; their place is their identity.
              key={index}
              number={index + 1}
              condition={condition}
              fields={fields}
              onChange={(next) => set(index, next)}
              onRemove={() => remove(index)}
            />
          ),
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => add(newField())}
            disabled={readable.length === 0}
          >
            {t("Add field condition")}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCalendar size={14} />}
            onClick={() => add({ kind: "date", segment: "dayOfWeek", operator: "equal", value: 1 })}
          >
            {t("Add date condition")}
          </Button>
          {depth < MAX_DEPTH && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSitemap size={14} />}
              onClick={() =>
                add({
                  kind: "group",
                  combinator: group.combinator === "AND" ? "OR" : "AND",
                  conditions: [newField()],
                })
              }
              disabled={readable.length === 0}
            >
              {t("Add group")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function ConditionRow({
  number,
  condition,
  fields,
  onChange,
  onRemove,
}: {
  number: number;
  condition: TFieldCondition | TDateCondition;
  fields: readonly TElement[];
  onChange(condition: TFieldCondition | TDateCondition): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const operators = RULE_OPERATORS.map((op) => ({ value: op, label: t(OPERATOR_LABELS[op]) }));
  const operatorSelect = (
    <Select
      aria-label={t("Operator of condition {{number}}", { number })}
      data={operators}
      value={condition.operator}
      allowDeselect={false}
      onChange={(value) => value && onChange({ ...condition, operator: value as RuleOperator })}
      w={170}
    />
  );
  const removeButton = (
    <IconAction
      label={t("Remove condition")}
      ariaLabel={t("Remove condition {{number}}", { number })}
      color="red"
      onClick={onRemove}
    >
      <IconTrash size={16} />
    </IconAction>
  );

  if (condition.kind === "date") {
    return (
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          aria-label={t("Date part of condition {{number}}", { number })}
          data={DATE_SEGMENTS.map((segment) => ({ value: segment, label: t(SEGMENT_LABELS[segment]) }))}
          value={condition.segment}
          allowDeselect={false}
          onChange={(value) => value && onChange({ ...condition, segment: value as DateSegment })}
          w={200}
        />
        {operatorSelect}
        {!NO_VALUE.has(condition.operator) && (
          <TextInput
            aria-label={t("Value of condition {{number}}", { number })}
            placeholder={t(SEGMENT_HINTS[condition.segment])}
            description={t(SEGMENT_HINTS[condition.segment])}
            value={String(condition.value)}
            onChange={(event) => {
              const text = event.currentTarget.value;
              const numeric = condition.segment !== "currentDatetime" && condition.segment !== "currentTime";
              const asNumber =
                numeric && text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
              onChange({ ...condition, value: asNumber });
            }}
            style={{ flex: "1 1 160px" }}
          />
        )}
        {removeButton}
      </Group>
    );
  }

  const readable = readableFields(fields);
  const element = fields.find((field) => field.id === condition.fieldId);
  const choices = conditionChoices(element, t);
  const value = condition.value;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        aria-label={t("Field of condition {{number}}", { number })}
        placeholder={t("Pick a field")}
        searchable
        data={readable.map((field) => ({ value: field.id, label: fieldLabel(field, field.id, t) }))}
        value={condition.fieldId || null}
        allowDeselect={false}
        onChange={(fieldId) => fieldId && onChange({ ...condition, fieldId, value: "" })}
        style={{ flex: "1 1 200px" }}
        error={condition.fieldId && !element ? t("This field no longer exists") : undefined}
      />
      {operatorSelect}
      {!NO_VALUE.has(condition.operator) &&
        (choices.length > 0 ? (
          <Select
            aria-label={t("Value of condition {{number}}", { number })}
            placeholder={t("Pick a choice")}
            data={choices}
            value={typeof value === "string" && value !== "" ? value : null}
            onChange={(next) => onChange({ ...condition, value: next ?? "" })}
            style={{ flex: "1 1 160px" }}
          />
        ) : (
          <TextInput
            aria-label={t("Value of condition {{number}}", { number })}
            placeholder={t("Value")}
            value={value === undefined || value === null ? "" : String(value)}
            onChange={(event) => onChange({ ...condition, value: event.currentTarget.value })}
            style={{ flex: "1 1 160px" }}
          />
        ))}
      {removeButton}
    </Group>
  );
}
