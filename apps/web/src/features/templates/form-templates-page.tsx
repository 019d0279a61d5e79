import { formTemplateIn } from "@formloom/core/templates/catalogue-language";
import {
  FORM_TEMPLATES,
  type FormTemplate,
  TEMPLATE_SETS,
  type TemplateSet,
} from "@formloom/core/templates/form-templates";
import { Badge, Button, Chip, Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header.tsx";
import { notifyError } from "../../lib/notify.ts";
import { useCreateFromTemplate } from "./api.ts";
import { parsedTemplate, TemplateCard, TemplatePreview } from "./template-preview.tsx";

const route = getRouteApi("/layout/account/templates/forms");

export function useSetLabels(): Record<TemplateSet, string> {
  const { t } = useTranslation();
  return { marketing: t("Marketing"), hr: t("HR"), education: t("Education"), events: t("Events") };
}

/** forms.md §2 "Templates: forms": starter forms by set, each to preview and to use. */
export function FormTemplatesPage() {
  const { t, i18n } = useTranslation();
  const { set = "all" } = route.useSearch();
  const navigate = useNavigate();
  const labels = useSetLabels();
  const create = useCreateFromTemplate();
  const [previewed, setPreviewed] = useState<FormTemplate | null>(null);
  // The cards and previews in the reader's language, as "Use" will create the form.
  const templates = useMemo(
    () => FORM_TEMPLATES.map((template) => formTemplateIn(template, i18n.language)),
    [i18n.language],
  );
  const shown = templates.filter((template) => set === "all" || template.set === set);

  const use = (template: FormTemplate) =>
    create.mutate(template.id, {
      onSuccess: (created) => void navigate({ to: "/forms/$id/edit", params: { id: created.form.id } }),
      onError: notifyError,
    });

  return (
    <Stack>
      <PageHeader
        title={t("Form templates")}
        description={t("Start from a ready form: preview it, then use it to get your own copy to edit.")}
      />
      <Chip.Group
        multiple={false}
        value={set}
        onChange={(value) =>
          void navigate({
            to: "/templates/forms",
            search: value === "all" ? {} : { set: value as TemplateSet },
            replace: true,
          })
        }
      >
        <Group gap="xs" role="radiogroup" aria-label={t("Template set")}>
          {(["all", ...TEMPLATE_SETS] as const).map((value) => (
            <Chip key={value} value={value} id={`template-set-${value}`}>
              {value === "all" ? t("All") : labels[value]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {shown.map((template) => (
          <TemplateCard
            key={template.id}
            data-template={template.id}
            name={template.title}
            description={template.description}
            onPreview={() => setPreviewed(template)}
            head={
              <Group gap={6}>
                <Badge variant="light">{labels[template.set]}</Badge>
                {template.form.form.type === "calculation" && (
                  <Badge variant="light" color="grape">
                    {t("Quiz")}
                  </Badge>
                )}
                <Badge variant="outline" color="gray">
                  {t("{{count}} questions", { count: template.form.fields.length })}
                </Badge>
              </Group>
            }
          >
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => use(template)}
              loading={create.isPending && create.variables === template.id}
              aria-label={t("Use {{name}}", { name: template.title })}
            >
              {t("Use template")}
            </Button>
          </TemplateCard>
        ))}
      </SimpleGrid>
      <TemplateExample
        template={previewed}
        onClose={() => setPreviewed(null)}
        onUse={use}
        using={create.isPending}
      />
    </Stack>
  );
}

/** The example pop-up (forms.md §2): the template as respondents would see it, to try out. */
function TemplateExample({
  template,
  onClose,
  onUse,
  using,
}: {
  template: FormTemplate | null;
  onClose(): void;
  onUse(template: FormTemplate): void;
  using: boolean;
}) {
  const { t } = useTranslation();
  const form = useMemo(() => (template ? parsedTemplate(template) : null), [template]);
  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      size="xl"
      title={template ? t("Example: {{name}}", { name: template.title }) : ""}
    >
      {template && form && (
        <Stack>
          <Text size="sm" c="dimmed">
            {t("Try it out: nothing you enter here is sent.")}
          </Text>
          <TemplatePreview key={template.id} form={form} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("Close")}
            </Button>
            <Button onClick={() => onUse(template)} loading={using}>
              {t("Use template")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
