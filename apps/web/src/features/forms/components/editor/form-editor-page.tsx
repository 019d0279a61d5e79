import type { TFormWithFields } from "@formloom/core/api/forms";
import type { TElement } from "@formloom/core/element-schema";
import { catalogTranslate, FormRenderer } from "@formloom/renderer/form-renderer";
import { Badge, Button, Divider, Group, Paper, ScrollArea, Stack, Tabs, Text } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { getRouteApi, useBlocker } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CATALOGS } from "../../../../i18n/i18n.ts";
import { errorText, fieldErrors } from "../../../../lib/error-text.ts";
import { useForm } from "../../api/get-form.ts";
import { useUpdateForm } from "../../api/update-form.ts";
import classes from "./editor.module.css";
import { ElementSettings } from "./element-settings.tsx";
import { FieldList } from "./field-list.tsx";
import { FieldPalette } from "./field-palette.tsx";
import { FormSettingsPanel } from "./form-settings-panel.tsx";
import { useFormDraft } from "./use-form-draft.ts";

const route = getRouteApi("/layout/account/forms/$id/edit");

export function FormEditorPage() {
  const { id } = route.useParams();
  const { data } = useForm(id);
  // Keyed by id so another form starts from a fresh draft.
  return data ? <Editor key={id} formId={id} saved={data} /> : null;
}

function Editor({ formId, saved }: { formId: number; saved: TFormWithFields }) {
  const { t, i18n } = useTranslation();
  // The preview speaks the interface's language, texts of the respondent's page included.
  const previewText = useMemo(
    () => catalogTranslate(CATALOGS[i18n.language as keyof typeof CATALOGS] ?? {}),
    [i18n.language],
  );
  const draft = useFormDraft(saved);
  const update = useUpdateForm(formId);
  const [panel, setPanel] = useState<string | null>("settings");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const selected = draft.draft.fields.find((f) => f.id === draft.selectedId);

  useEffect(() => {
    if (draft.selectedId) setPanel("element");
  }, [draft.selectedId]);

  useBlocker({
    shouldBlockFn: () => draft.dirty && !window.confirm(t("You have unsaved changes. Leave without saving?")),
    enableBeforeUnload: () => draft.dirty,
  });

  const save = () => {
    if (update.isPending) return;
    setErrors({});
    update.mutate(
      { ...draft.draft.settings, fields: draft.draft.fields },
      {
        onSuccess: (next) => {
          draft.markSaved(next);
          notifications.show({ color: "green", message: t("Saved") });
        },
        onError: (error) => {
          const found = fieldErrors(error);
          setErrors(found);
          if (found.formPathAlias || found.title) setPanel("settings");
          notifications.show({ color: "red", message: found.formPathAlias ?? errorText(error) });
        },
      },
    );
  };
  useHotkeys([["mod+S", save]], []);

  const remove = (field: TElement) => {
    const undo = draft.removeField(field.id);
    const notificationId = `removed-${field.id}`;
    notifications.show({
      id: notificationId,
      message: (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t("Field deleted")}</Text>
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => {
              undo();
              notifications.hide(notificationId);
            }}
          >
            {t("Undo")}
          </Button>
        </Group>
      ),
      autoClose: 8000,
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          {draft.dirty ? (
            <Badge color="yellow" variant="light">
              {t("Unsaved changes")}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t("All changes saved")}
            </Badge>
          )}
        </Group>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={save}
          loading={update.isPending}
          disabled={!draft.dirty}
        >
          {t("Save")}
        </Button>
      </Group>
      <div className={classes.grid}>
        <Paper withBorder p="sm" className={classes.list}>
          <Stack gap="sm">
            <FieldPalette onAdd={draft.addField} />
            <Divider />
            <FieldList draft={draft} onRemove={remove} />
          </Stack>
        </Paper>
        <Paper withBorder p={0} className={classes.preview} aria-label={t("Live preview")}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="md" pt="sm">
            {t("Live preview")}
          </Text>
          <ScrollArea.Autosize mah="calc(100vh - 230px)" p="md">
            <FormRenderer
              settings={draft.draft.settings}
              fields={draft.draft.fields}
              translate={previewText}
              selectedFieldId={draft.selectedId}
              onSelectField={draft.setSelectedId}
            />
          </ScrollArea.Autosize>
        </Paper>
        <Paper withBorder p="sm" className={classes.panel}>
          <Tabs value={panel} onChange={setPanel}>
            <Tabs.List grow mb="sm">
              <Tabs.Tab value="settings">{t("Settings")}</Tabs.Tab>
              <Tabs.Tab value="element" disabled={!selected}>
                {t("Field")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="settings">
              <FormSettingsPanel
                settings={draft.draft.settings}
                errors={errors}
                onChange={draft.setSettings}
              />
            </Tabs.Panel>
            <Tabs.Panel value="element">
              {selected && (
                <ElementSettings
                  element={selected}
                  onChange={(patch) => draft.updateField(selected.id, patch)}
                />
              )}
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </div>
    </Stack>
  );
}
