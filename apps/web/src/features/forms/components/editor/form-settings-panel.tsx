import { isValidInterval } from "@formloom/core/interval";
import { Group, SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../../i18n/i18n.ts";
import type { DraftSettings } from "./use-form-draft.ts";

interface Props {
  settings: DraftSettings;
  errors: Record<string, string>;
  onChange(patch: Partial<DraftSettings>): void;
}

/** The form's own settings in the side panel. */
export function FormSettingsPanel({ settings, errors, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <TextInput
        label={t("Form title")}
        value={settings.title}
        error={errors.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
      />
      <Textarea
        label={t("Description")}
        autosize
        minRows={2}
        value={settings.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      <TextInput
        label={t("Link alias")}
        description={t("Leave empty to make it from the title")}
        leftSection={
          <Text size="xs" c="dimmed">
            /f/
          </Text>
        }
        leftSectionWidth={32}
        value={settings.formPathAlias}
        error={errors.formPathAlias}
        onChange={(e) => onChange({ formPathAlias: e.currentTarget.value.toLowerCase() })}
      />
      <TextInput
        label={t("Send button text")}
        value={settings.submitButtonDescription}
        onChange={(e) => onChange({ submitButtonDescription: e.currentTarget.value })}
      />
      <TextInput
        label={t("Time between submissions")}
        description={t("For example 1d 6h or 2m 30s; empty means no limit")}
        value={settings.nextSubmissionTime}
        error={
          errors.nextSubmissionTime ??
          (isValidInterval(settings.nextSubmissionTime)
            ? undefined
            : messageText("form.next_submission_time.invalid"))
        }
        onChange={(e) => onChange({ nextSubmissionTime: e.currentTarget.value })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("Who can fill the form")}
        </Text>
        <SegmentedControl
          value={settings.hasAnonymousFilling}
          onChange={(value) =>
            onChange({ hasAnonymousFilling: value as DraftSettings["hasAnonymousFilling"] })
          }
          data={[
            { value: "anonymous", label: t("Anyone") },
            { value: "registered", label: t("Account users") },
          ]}
        />
      </Stack>
      <Group justify="space-between">
        <Switch
          label={t("Published")}
          checked={settings.isPublished}
          onChange={(e) => onChange({ isPublished: e.currentTarget.checked })}
        />
        <Switch
          label={t("Stars on required fields")}
          checked={settings.isRequiredFieldStarsShown}
          onChange={(e) => onChange({ isRequiredFieldStarsShown: e.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
}
