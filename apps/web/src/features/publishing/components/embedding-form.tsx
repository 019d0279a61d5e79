import {
  EMBEDDING_TYPES,
  type EmbeddingType,
  type TEmbedding,
  type TEmbeddingBody,
  ZEmbeddingBody,
  ZEmbeddingOptions,
} from "@formloom/core/api/embeddings";
import { ColorInput, NumberInput, Radio, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { messageText, msg } from "../../../i18n/i18n.ts";
import { fieldErrors } from "../../../lib/error-text.ts";

export const TYPE_LABELS: Record<EmbeddingType, string> = {
  iframe: msg("Frame in the page"),
  popup_button: msg("Pop-up button"),
  panel_widget: msg("Side panel"),
};

const TYPE_HINTS: Record<EmbeddingType, string> = {
  iframe: msg("The form sits in the page and grows with its questions."),
  popup_button: msg("A button opens the form over the page."),
  panel_widget: msg("A tab at the window's edge slides the form in."),
};

/** The name, kind and options of an embedding; `onChange` lets the page show its snippet live. */
export function EmbeddingForm({
  embedding,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
  onChange,
}: {
  embedding?: TEmbedding;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit(body: TEmbeddingBody): void;
  onCancel(): void;
  onChange?(body: Pick<TEmbedding, "type" | "options">): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(embedding?.name ?? "");
  const [type, setType] = useState<EmbeddingType>(embedding?.type ?? "iframe");
  const [options, setOptions] = useState(embedding?.options ?? ZEmbeddingOptions.parse({}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...fieldErrors(serverError), ...errors };

  const change = (next: { type?: EmbeddingType; options?: typeof options }) => {
    const nextType = next.type ?? type;
    const nextOptions = next.options ?? options;
    setType(nextType);
    setOptions(nextOptions);
    onChange?.({ type: nextType, options: nextOptions });
  };
  const setOption = <K extends keyof typeof options>(key: K, value: (typeof options)[K]) =>
    change({ options: { ...options, [key]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, type, options };
    const parsed = ZEmbeddingBody.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= messageText(issue.message);
    setErrors(found);
    if (parsed.success) onSubmit(body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("Name")}
          description={t("At least 2 characters; only you and your team see it")}
          required
          autoFocus
          value={name}
          error={shown.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Radio.Group
          label={t("How the form appears")}
          value={type}
          onChange={(value) => change({ type: value as EmbeddingType })}
          error={shown.type}
        >
          <Stack gap="xs" mt={6}>
            {EMBEDDING_TYPES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(TYPE_LABELS[value])}
                description={t(TYPE_HINTS[value])}
              />
            ))}
          </Stack>
        </Radio.Group>
        {type === "iframe" ? (
          <NumberInput
            label={t("Height before the form loads, in pixels")}
            description={t("The frame then takes the form's own height.")}
            min={200}
            max={3000}
            step={50}
            value={options.height}
            error={shown["options.height"]}
            onChange={(value) => setOption("height", typeof value === "number" ? value : Number(value) || 0)}
          />
        ) : (
          <>
            <TextInput
              label={t("Button text")}
              description={t("Blank: the form's title")}
              value={options.buttonText}
              error={shown["options.buttonText"]}
              onChange={(event) => setOption("buttonText", event.currentTarget.value)}
            />
            <ColorInput
              label={t("Button colour")}
              format="hex"
              withEyeDropper={false}
              value={options.buttonColor}
              error={shown["options.buttonColor"]}
              onChange={(value) => setOption("buttonColor", value)}
            />
          </>
        )}
        {type === "panel_widget" && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("Side of the window")}
            </Text>
            <SegmentedControl
              value={options.side}
              onChange={(value) => setOption("side", value === "left" ? "left" : "right")}
              data={[
                { value: "left", label: t("Left") },
                { value: "right", label: t("Right") },
              ]}
              style={{ alignSelf: "flex-start" }}
            />
          </Stack>
        )}
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
