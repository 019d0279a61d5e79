import { DEFAULT_TEXTS } from "@formloom/core/defaults";
import type { TAnswerVariant, TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

interface Props {
  element: TElement;
  onChange(patch: Partial<TElement>): void;
}

/** The selected element's settings; what is shown depends on its type. */
export function ElementSettings({ element, onChange }: Props) {
  const { t } = useTranslation();
  const category = fieldTypes[element.fieldType].category;
  const hasVariants = ["radio", "checkbox", "select", "multipleChoice"].includes(element.fieldType);
  const settings = element.fieldSettings;

  if (category === "nonField") {
    return (
      <Stack>
        <TextInput
          label={element.fieldType === "submitBtn" ? t("Button text") : t("Title")}
          value={element.title}
          onChange={(e) => onChange({ title: e.currentTarget.value })}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Textarea
        label={t("Question")}
        autosize
        minRows={1}
        value={element.question}
        onChange={(e) => onChange({ question: e.currentTarget.value })}
        data-autofocus
      />
      <Textarea
        label={t("Comment")}
        description={t("Shown under the question")}
        autosize
        minRows={1}
        placeholder={DEFAULT_TEXTS.fieldComment}
        value={element.fieldComment === DEFAULT_TEXTS.fieldComment ? "" : element.fieldComment}
        onChange={(e) => onChange({ fieldComment: e.currentTarget.value })}
      />
      <Switch
        label={t("Required")}
        checked={element.isRequired}
        onChange={(e) => onChange({ isRequired: e.currentTarget.checked })}
      />
      {["text", "textarea", "email", "number"].includes(element.fieldType) && (
        <TextInput
          label={t("Placeholder")}
          value={element.fieldSettings.placeholder ?? ""}
          onChange={(e) =>
            onChange({ fieldSettings: { ...element.fieldSettings, placeholder: e.currentTarget.value } })
          }
        />
      )}
      {(element.fieldType === "text" || element.fieldType === "textarea") && (
        <NumberInput
          label={t("Maximum length")}
          min={1}
          allowDecimal={false}
          value={element.validationSettings.maxLength ?? ""}
          onChange={(value) =>
            onChange({
              validationSettings: {
                ...element.validationSettings,
                maxLength: typeof value === "number" && value > 0 ? value : undefined,
              },
            })
          }
        />
      )}
      {element.fieldType === "rate" && (
        <NumberInput
          label={t("Number of stars")}
          min={2}
          max={10}
          allowDecimal={false}
          value={settings.maxRating ?? 5}
          onChange={(value) =>
            onChange({ fieldSettings: { ...settings, maxRating: typeof value === "number" ? value : 5 } })
          }
        />
      )}
      {element.fieldType === "dateTime" && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("Ask for")}
          </Text>
          <SegmentedControl
            value={settings.dateTimeMode ?? "date"}
            onChange={(value) =>
              onChange({
                fieldSettings: { ...settings, dateTimeMode: value as "date" | "time" | "datetime" },
              })
            }
            data={[
              { value: "date", label: t("Date") },
              { value: "time", label: t("Time") },
              { value: "datetime", label: t("Date and time") },
            ]}
          />
        </Stack>
      )}
      {element.fieldType === "decisionBox" && (
        <TextInput
          label={t("Box label")}
          placeholder={t("Yes")}
          value={element.fieldLabel === DEFAULT_TEXTS.fieldLabel ? "" : element.fieldLabel}
          onChange={(e) => onChange({ fieldLabel: e.currentTarget.value })}
        />
      )}
      {(element.fieldType === "number" || element.fieldType === "slider") && (
        <Group grow>
          <NumberInput
            label={t("Minimum")}
            value={element.validationSettings.min ?? ""}
            onChange={(value) =>
              onChange({
                validationSettings: {
                  ...element.validationSettings,
                  min: typeof value === "number" ? value : undefined,
                },
              })
            }
          />
          <NumberInput
            label={t("Maximum")}
            value={element.validationSettings.max ?? ""}
            onChange={(value) =>
              onChange({
                validationSettings: {
                  ...element.validationSettings,
                  max: typeof value === "number" ? value : undefined,
                },
              })
            }
          />
        </Group>
      )}
      {hasVariants && (
        <VariantsEditor
          variants={element.fieldSettings.answerVariants ?? []}
          onChange={(answerVariants) =>
            onChange({ fieldSettings: { ...element.fieldSettings, answerVariants } })
          }
        />
      )}
    </Stack>
  );
}

function VariantsEditor({
  variants,
  onChange,
}: {
  variants: TAnswerVariant[];
  onChange(next: TAnswerVariant[]): void;
}) {
  const { t } = useTranslation();
  const update = (id: string, title: string) =>
    onChange(variants.map((v) => (v.id === id ? { ...v, title } : v)));
  const add = () => {
    const id = `v_${crypto.randomUUID().slice(0, 8)}`;
    onChange([
      ...variants,
      {
        id,
        title: `${DEFAULT_TEXTS.newVariant} ${variants.length + 1}`,
        value: String(variants.length + 1),
        checkValue: false,
        defaultChecked: false,
      },
    ]);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t("Answer options")}
      </Text>
      {variants.map((variant, index) => (
        <Group key={variant.id} gap={6} wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t("Option {{n}}", { n: index + 1 })}
            value={variant.title}
            onChange={(e) => update(variant.id, e.currentTarget.value)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={variants.length <= 1}
            aria-label={t("Remove option {{n}}", { n: index + 1 })}
            onClick={() => onChange(variants.filter((v) => v.id !== variant.id))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={add}
        style={{ alignSelf: "flex-start" }}
      >
        {t("Add option")}
      </Button>
    </Stack>
  );
}
