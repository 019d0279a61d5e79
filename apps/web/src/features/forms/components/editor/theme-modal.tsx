import type { TTheme, TThemeStyling } from "@formloom/core/api/themes";
import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText, msg } from "../../../../i18n/i18n.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { notifySuccess } from "../../../../lib/notify.ts";
import { toasts as notifications } from "../../../../lib/toasts.ts";
import { type ThemeKind, useThemeMutations } from "../../../themes/api.ts";

/** What the pop-up works on: a new theme from the form's styling, or an existing one to rename. */
export type ThemeTarget = { mode: "create"; styling: TThemeStyling } | { mode: "edit"; theme: TTheme };

interface Props {
  target: ThemeTarget | undefined;
  userId: number;
  /** Whether the user may keep common themes (account admins). */
  mayShare: boolean;
  onClose(): void;
}

const firstCode = (error: unknown) =>
  error instanceof ApiError ? (error.body.validationErrors?.[0]?.code ?? error.code) : undefined;

/**
 * The theme create/edit pop-up (forms.md §2): the name is required and unique. A used name
 * shows the name-already-used message; any other failure says the theme was not created (or
 * not saved, when editing); success closes the pop-up and the list reloads.
 */
export function ThemeModal({ target, userId, mayShare, onClose }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [common, setCommon] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const editing = target?.mode === "edit" ? target.theme : undefined;
  const kind: ThemeKind = editing ? editing.kind : common ? "common" : "own";
  const mutations = useThemeMutations(kind, userId);
  const pending = mutations.create.isPending || mutations.update.isPending;

  useEffect(() => {
    setName(editing?.name ?? "");
    setDescription(editing?.description ?? "");
    setCommon(false);
    setNameError(undefined);
  }, [editing]);

  const failed = (error: unknown) => {
    if (firstCode(error) === "name.is_used") {
      setNameError(messageText("name.is_used"));
      notifications.show({ color: "red", message: t("A theme with this name already exists") });
      return;
    }
    notifications.show({
      color: "red",
      message: editing ? t("The theme was not saved") : t("The theme was not created"),
    });
  };
  const done = () => {
    notifySuccess(editing ? msg("The theme was saved") : msg("The theme was created"));
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setNameError(messageText("theme.name.empty"));
      return;
    }
    setNameError(undefined);
    const fields = { name: name.trim(), description: description.trim() };
    if (editing)
      mutations.update.mutate({ id: editing.id, body: fields }, { onSuccess: done, onError: failed });
    else if (target?.mode === "create") {
      mutations.create.mutate({ ...fields, styling: target.styling }, { onSuccess: done, onError: failed });
    }
  };

  return (
    <Modal
      opened={target !== undefined}
      onClose={onClose}
      title={editing ? t("Edit the theme") : t("Save the styling as a theme")}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t("Theme name")}
            required
            data-autofocus
            value={name}
            error={nameError}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(undefined);
            }}
          />
          <Textarea
            label={t("Description")}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          {!editing && mayShare && (
            <Checkbox
              label={t("A common theme, for everyone in the account")}
              checked={common}
              onChange={(e) => setCommon(e.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {t("Save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
