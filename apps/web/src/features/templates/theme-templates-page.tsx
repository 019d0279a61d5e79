import { formTemplateIn, themeTemplateIn } from "@formloom/core/templates/catalogue-language";
import { formTemplate } from "@formloom/core/templates/form-templates";
import { THEME_TEMPLATES, type ThemeTemplate } from "@formloom/core/templates/theme-templates";
import { Box, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconDeviceFloppy, IconPalette } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header.tsx";
import { msg } from "../../i18n/i18n.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useUser } from "../auth/api/get-user.ts";
import { useForms } from "../forms/api/get-forms.ts";
import { themeSettings, useApplyThemeTemplate, useSaveThemeTemplate } from "./api.ts";
import { parsedTemplate, TemplateCard, TemplatePreview } from "./template-preview.tsx";

/** The form a theme is shown on: a short feedback form has a bit of every kind of field. */
const SAMPLE = formTemplate("customer-feedback")!;

/** forms.md §2 "Templates: themes": starter stylings to preview, apply to a form, or keep. */
export function ThemeTemplatesPage() {
  const { t, i18n } = useTranslation();
  const templates = useMemo(
    () => THEME_TEMPLATES.map((template) => themeTemplateIn(template, i18n.language)),
    [i18n.language],
  );
  const { data: user } = useUser();
  const save = useSaveThemeTemplate(user?.id ?? 0);
  const [previewed, setPreviewed] = useState<ThemeTemplate | null>(null);
  const [applying, setApplying] = useState<ThemeTemplate | null>(null);
  const sample = useMemo(() => parsedTemplate(formTemplateIn(SAMPLE, i18n.language)), [i18n.language]);

  const keep = (template: ThemeTemplate) =>
    save.mutate(template, {
      onSuccess: () =>
        notifySuccess(msg("Saved to your themes: you will find it in the builder's Theming tab")),
      onError: notifyError,
    });

  return (
    <Stack>
      <PageHeader
        title={t("Theme templates")}
        description={t("Ready stylings: apply one to a form, or save it to your themes to adjust later.")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {templates.map((template) => (
          <TemplateCard
            key={template.id}
            data-theme-template={template.id}
            name={template.name}
            description={template.description}
            onPreview={() => setPreviewed(template)}
            head={<Swatch template={template} />}
          >
            <Button
              leftSection={<IconPalette size={16} />}
              onClick={() => setApplying(template)}
              aria-label={t("Apply {{name}} to a form", { name: template.name })}
            >
              {t("Apply to a form")}
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => keep(template)}
              loading={save.isPending && save.variables?.id === template.id}
              aria-label={t("Save {{name}} to my themes", { name: template.name })}
            >
              {t("Save to my themes")}
            </Button>
          </TemplateCard>
        ))}
      </SimpleGrid>
      <Modal
        opened={previewed !== null}
        onClose={() => setPreviewed(null)}
        size="xl"
        title={previewed ? t("Example: {{name}}", { name: previewed.name }) : ""}
      >
        {previewed && <TemplatePreview key={previewed.id} form={sample} styling={themeSettings(previewed)} />}
      </Modal>
      <ApplyModal template={applying} onClose={() => setApplying(null)} />
    </Stack>
  );
}

/** The theme's colours at a glance: page, a field and the button. */
function Swatch({ template }: { template: ThemeTemplate }) {
  const form = template.styling.formStyling;
  const field = template.styling.fieldsGeneralStyling;
  return (
    <Box
      aria-hidden
      p="sm"
      style={{
        background: form.background,
        color: form.color,
        fontFamily: form.fontFamily,
        borderRadius: 6,
        border: "1px solid var(--mantine-color-gray-3)",
      }}
    >
      <Text size="sm" fw={700} style={{ color: "inherit", fontFamily: "inherit" }}>
        Aa
      </Text>
      <Box
        mt={6}
        h={22}
        style={{
          background: field.background,
          border: `${field.borderWidth ?? 1}px solid ${field.borderColor}`,
          borderRadius: field.radius,
        }}
      />
      <Box
        mt={6}
        h={22}
        w={72}
        style={{ background: form.buttonColor, borderRadius: form.buttonRadius ?? form.radius }}
      />
    </Box>
  );
}

function ApplyModal({ template, onClose }: { template: ThemeTemplate | null; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forms = useForms(template !== null);
  const apply = useApplyThemeTemplate();
  const [formId, setFormId] = useState<string | null>(null);

  const submit = () => {
    if (!template || !formId) return;
    apply.mutate(
      { formId: Number(formId), template },
      {
        onSuccess: (saved) => {
          notifySuccess(msg("Theme applied"));
          onClose();
          void navigate({ to: "/forms/$id/edit", params: { id: saved.form.id } });
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      title={template ? t("Apply {{name}} to a form", { name: template.name }) : ""}
    >
      <Stack>
        <Select
          label={t("Form")}
          placeholder={t("Choose a form")}
          searchable
          data={(forms.data ?? []).map((form) => ({
            value: String(form.id),
            label: form.title || `#${form.id}`,
          }))}
          value={formId}
          onChange={setFormId}
          nothingFoundMessage={t("No forms yet")}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="xs" c="dimmed">
          {t("The form's own styling is replaced; its questions stay as they are.")}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button onClick={submit} disabled={!formId} loading={apply.isPending}>
            {t("Apply and open the builder")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
