import { LOCALES } from "@formloom/core/locales";
import { Select, Stack, Switch, TagsInput, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, msg } from "../../../../../i18n/i18n.ts";
import type { SectionProps } from "./types.ts";

/** The business tasks a form can serve; "none" is the default (forms.md §3). */
const BUSINESS_TASKS = [
  ["none", msg("None")],
  ["leadGeneration", msg("Lead generation")],
  ["customerFeedback", msg("Customer feedback")],
  ["marketResearch", msg("Market research")],
  ["recruiting", msg("Recruiting")],
  ["education", msg("Education and testing")],
  ["eventRegistration", msg("Event registration")],
  ["orders", msg("Orders and bookings")],
] as const;

/** Title, description, kind, language, publishing, link and thematic tags. */
export function GeneralSection({ settings, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  const known = BUSINESS_TASKS.some(([value]) => value === settings.businessTask);
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
        description={t("A note for the form's editors: respondents never see it")}
        autosize
        minRows={2}
        value={settings.description}
        error={errors.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      <Select
        label={t("Form type")}
        allowDeselect={false}
        value={settings.type}
        data={[
          { value: "data_collection", label: t("Data collection") },
          { value: "calculation", label: t("Calculation (quiz)") },
        ]}
        onChange={(value) =>
          onChange({ type: (value ?? "data_collection") as SectionProps["settings"]["type"] })
        }
      />
      <Select
        label={t("Business task")}
        allowDeselect={false}
        value={settings.businessTask}
        data={[
          ...BUSINESS_TASKS.map(([value, label]) => ({ value, label: t(label) })),
          ...(known ? [] : [{ value: settings.businessTask, label: settings.businessTask }]),
        ]}
        onChange={(value) => onChange({ businessTask: value ?? "none" })}
      />
      <Select
        label={t("Form language")}
        description={t("The language of the texts respondents see besides yours")}
        allowDeselect={false}
        value={settings.language.toUpperCase()}
        data={LOCALES.map((locale) => ({ value: locale.toUpperCase(), label: LANGUAGE_NAMES[locale] }))}
        onChange={(value) => onChange({ language: value ?? "EN" })}
      />
      <Switch
        label={t("Published")}
        description={t("Respondents can open and fill it")}
        checked={settings.isPublished}
        onChange={(e) => onChange({ isPublished: e.currentTarget.checked })}
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
      <TagsInput
        label={t("Thematic tags")}
        description={t("Press Enter after each tag")}
        value={settings.tags}
        maxTags={100}
        error={errors.tags}
        onChange={(tags) => onChange({ tags: [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))] })}
      />
    </Stack>
  );
}
