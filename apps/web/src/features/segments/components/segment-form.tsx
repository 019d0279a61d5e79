import { type TSegment, type TSegmentInput, ZSegmentInput } from "@formloom/core/api/segments";
import { BEHAVIOR_ATTRIBUTES, type BehaviorAttribute } from "@formloom/core/behavior-attributes";
import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { IconAction } from "../../../components/icon-action.tsx";
import { messageText } from "../../../i18n/i18n.ts";
import { fieldErrors } from "../../../lib/error-text.ts";
import { useAttributeNames } from "../../results/components/behavior/attribute-names.ts";

interface Row {
  key: number;
  attribute: BehaviorAttribute | null;
  from: number;
  to: number;
}

let nextKey = 0;

/** A segment's name, description, colour and behavioural attributes, each with its value from and to. */
export function SegmentForm({
  segment,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  segment?: TSegment;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit(body: TSegmentInput): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const names = useAttributeNames();
  const [name, setName] = useState(segment?.name ?? "");
  const [description, setDescription] = useState(segment?.description ?? "");
  const [color, setColor] = useState(segment?.color ?? "#4263eb");
  const [rows, setRows] = useState<Row[]>(() =>
    (segment?.attributes ?? [{ attribute: null, from: 0, to: 100 }]).map((row) => ({
      key: nextKey++,
      ...row,
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...fieldErrors(serverError), ...errors };
  const options = BEHAVIOR_ATTRIBUTES.map((attribute) => ({
    value: attribute,
    label: names[attribute].name,
  }));
  const change = (key: number, patch: Partial<Row>) => {
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      description,
      color,
      attributes: rows.map(({ attribute, from, to }) => ({ attribute, from, to })),
    };
    const parsed = ZSegmentInput.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= messageText(issue.message);
      setErrors(found);
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("Name")}
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors({});
          }}
          error={shown.name}
        />
        <Textarea
          label={t("Description")}
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={shown.description}
        />
        <ColorInput label={t("Colour")} value={color} onChange={setColor} format="hex" error={shown.color} />
        <Stack gap="xs">
          <Text fw={500} size="sm">
            {t("Behavioural attributes")}
          </Text>
          {rows.map((row, index) => (
            <Paper key={row.key} withBorder p="sm">
              <Group align="flex-start" wrap="wrap">
                <Select
                  label={t("Attribute")}
                  placeholder={t("Choose an attribute")}
                  data={options}
                  value={row.attribute}
                  onChange={(value) => change(row.key, { attribute: value as BehaviorAttribute | null })}
                  error={shown[`attributes.${index}.attribute`] ?? (shown[`attributes.${index}`] && " ")}
                  w={200}
                />
                <NumberInput
                  label={t("From")}
                  min={0}
                  max={100}
                  value={row.from}
                  onChange={(value) => change(row.key, { from: Number(value) || 0 })}
                  error={shown[`attributes.${index}.from`]}
                  w={110}
                />
                <NumberInput
                  label={t("To")}
                  min={0}
                  max={100}
                  value={row.to}
                  onChange={(value) => change(row.key, { to: Number(value) || 0 })}
                  error={shown[`attributes.${index}.to`]}
                  w={110}
                />
                <div style={{ marginTop: 26 }}>
                  <IconAction
                    label={t("Remove attribute")}
                    onClick={() => {
                      setRows((all) => all.filter((other) => other.key !== row.key));
                      setErrors({});
                    }}
                  >
                    <IconX size={16} />
                  </IconAction>
                </div>
              </Group>
            </Paper>
          ))}
          {shown.attributes && (
            <Text c="red" size="sm" role="alert">
              {shown.attributes}
            </Text>
          )}
          <Button
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={rows.length >= BEHAVIOR_ATTRIBUTES.length}
            onClick={() => setRows((all) => [...all, { key: nextKey++, attribute: null, from: 0, to: 100 }])}
            style={{ alignSelf: "flex-start" }}
          >
            {t("Add attribute")}
          </Button>
        </Stack>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
