import { importForm, type TImportedForm } from "@formloom/core/form-import";
import type { TFormSettings } from "@formloom/core/form-schema";
import { type FormTemplate, templateDocument } from "@formloom/core/templates/form-templates";
import { catalogTranslate, FormRenderer } from "@formloom/renderer/form-renderer";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCatalog } from "../../i18n/i18n.ts";

/** A template read as the server will read it: what the preview shows is what "Use" creates. */
export function parsedTemplate(template: FormTemplate): TImportedForm {
  const text = templateDocument(template);
  const result = importForm(`${template.id}.json`, text.length, text);
  if (!result.ok) throw new Error(`Template ${template.id} does not import: ${result.code}`);
  return result.form;
}

/** The form as a respondent would see it, to try out; nothing is sent. */
export function TemplatePreview({
  form,
  styling,
}: {
  form: TImportedForm;
  styling?: Partial<TFormSettings> | undefined;
}) {
  const { i18n } = useTranslation();
  const catalog = useCatalog(i18n.language);
  const translate = useMemo(() => catalogTranslate(catalog), [catalog]);
  const settings = useMemo(() => ({ ...form.settings, ...styling }), [form.settings, styling]);
  return (
    <FormRenderer
      settings={settings}
      fields={form.fields}
      translate={translate}
      onSubmit={async () => undefined}
    />
  );
}

/** One template of a gallery: what it looks like at a glance, its name, what it is for, and what to do with it. */
export function TemplateCard({
  name,
  description,
  head,
  onPreview,
  children,
  ...data
}: {
  name: string;
  description: string;
  /** Badges or a swatch above the name. */
  head: ReactNode;
  onPreview(): void;
  /** The actions after "Preview". */
  children: ReactNode;
} & Record<`data-${string}`, string>) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" {...data}>
      <Stack gap="xs" h="100%">
        {head}
        <Title order={3} size="h4">
          {name}
        </Title>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {description}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            onClick={onPreview}
            aria-label={t("Preview {{name}}", { name })}
          >
            {t("Preview")}
          </Button>
          {children}
        </Group>
      </Stack>
    </Card>
  );
}
