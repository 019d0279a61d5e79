import { clearStepElements } from "@formloom/core/form-state";
import { Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { changeSettings, type EditorProps, ItemsEditor, newItemId } from "./controls.tsx";
import type { FormAccess } from "./form-wide-settings.tsx";
import { displayPatch } from "./form-wide-settings.tsx";

export function TitleInput({ checked, label }: EditorProps & { label?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label ?? t("Title")}
      value={checked.element.title}
      error={checked.error("title")}
      onChange={(e) => checked.change({ title: e.currentTarget.value })}
      data-autofocus
    />
  );
}

/** Rich text (markup, pop-up content): HTML, cleaned of scripts when shown. */
export function ContentInput({ checked }: EditorProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t("Content")}
      description={t("Text or HTML; scripts are removed when it is shown")}
      autosize
      minRows={4}
      maxRows={14}
      value={checked.element.fieldSettings.content ?? ""}
      error={checked.error("fieldSettings.content")}
      onChange={(e) => changeSettings(checked, { content: e.currentTarget.value })}
    />
  );
}

/** Pictures shown one under another (image) or one at a time (image slider). */
export function ImagesSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  const images = checked.element.fieldSettings.images ?? [];
  const name = (index: number) => t("Picture {{n}}", { n: index + 1 });
  return (
    <ItemsEditor
      label={t("Pictures")}
      addLabel={t("Add a picture")}
      items={images}
      itemName={name}
      error={checked.error("fieldSettings.images")}
      create={() => ({ id: newItemId("i"), url: "", caption: "" })}
      onChange={(next) => changeSettings(checked, { images: next })}
      render={(image, index, update) => (
        <>
          <TextInput
            size="xs"
            label={t("Picture address")}
            placeholder="https://…"
            value={image.url}
            error={
              checked.error(`fieldSettings.images.${index}.url`) ??
              (image.url && !/^(https?:\/\/|\/(?!\/)|data:image\/)/i.test(image.url)
                ? t("Use an http(s) address, a path on this site or an inline picture")
                : undefined)
            }
            onChange={(e) => update({ url: e.currentTarget.value })}
          />
          <TextInput
            size="xs"
            label={t("Caption")}
            value={image.caption}
            error={checked.error(`fieldSettings.images.${index}.caption`)}
            onChange={(e) => update({ caption: e.currentTarget.value })}
          />
        </>
      )}
    />
  );
}

export function PageButtonsSettings({ checked }: EditorProps) {
  const { t } = useTranslation();
  const settings = checked.element.fieldSettings;
  return (
    <Group grow align="flex-start">
      <TextInput
        label={t("Next button text")}
        placeholder={t("Next")}
        value={settings.nextLabel ?? ""}
        error={checked.error("fieldSettings.nextLabel")}
        onChange={(e) => changeSettings(checked, { nextLabel: e.currentTarget.value || undefined })}
      />
      <TextInput
        label={t("Back button text")}
        placeholder={t("Back")}
        value={settings.backLabel ?? ""}
        error={checked.error("fieldSettings.backLabel")}
        onChange={(e) => changeSettings(checked, { backLabel: e.currentTarget.value || undefined })}
      />
    </Group>
  );
}

/** Page breaks, page buttons and steppers: how the form is paged, and removing them all at once. */
export function StepSettings({ form, fields }: EditorProps & { form: FormAccess }) {
  const { t } = useTranslation();
  const stepCount = fields.filter((f) =>
    ["pageBreak", "pageButtons", "stepper"].includes(f.fieldType),
  ).length;
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("Form display")}
        </Text>
        <SegmentedControl
          fullWidth
          orientation="vertical"
          value={form.settings.display}
          onChange={(value) => {
            const next = displayPatch(fields, value as typeof form.settings.display);
            form.change(next.settings, next.fields);
          }}
          data={[
            { value: "all", label: t("One page") },
            { value: "severalPages", label: t("Pages at the page breaks") },
            { value: "stepByStep", label: t("One question at a time") },
          ]}
        />
        <Text size="xs" c="dimmed">
          {t("Back to one page removes the page breaks.")}
        </Text>
      </Stack>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => form.change({}, clearStepElements(fields))}
        style={{ alignSelf: "flex-start" }}
      >
        {t("Remove all page elements ({{n}})", { n: stepCount })}
      </Button>
    </Stack>
  );
}
