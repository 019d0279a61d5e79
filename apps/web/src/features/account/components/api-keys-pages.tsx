import { type TApiKey, ZApiKeyAddBody, ZApiKeyEditBody } from "@formloom/core/api/api-keys";
import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EditDeleteActions } from "../../../components/icon-action.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { errorText, fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess, notifyUnlessFieldErrors } from "../../../lib/notify.ts";
import { BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useAddApiKey, useApiKey, useApiKeys, useDeleteApiKey, useEditApiKey } from "../api/api-keys.ts";

function BackToKeys() {
  const { t } = useTranslation();
  return <BackLink to="/account/api_keys">{t("API keys")}</BackLink>;
}

/** account/api_keys: keys of third-party services the account's forms use. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: keys, isPending, error } = useApiKeys();
  const remove = useDeleteApiKey();
  const format = useFormat();
  const confirmDelete = (key: TApiKey) =>
    confirmDanger({
      title: t("Delete the key?"),
      message: t("Features that use “{{name}}” will stop working.", { name: key.name }),
      onConfirm: () =>
        remove.mutate(key.id, {
          onError: notifyError,
        }),
    });

  return (
    <Stack maw={900}>
      <BackLink to="/account">{t("Account")}</BackLink>
      <PageHeader
        title={t("API keys")}
        actions={
          <ButtonLink to="/account/api_keys/add" leftSection={<IconPlus size={16} />}>
            {t("Add key")}
          </ButtonLink>
        }
        description={t(
          "Keys of other services, such as maps, that the account's forms use. They are stored encrypted and never shown again.",
        )}
      />
      <ListTable
        rows={keys}
        isPending={isPending}
        error={error}
        empty={t("No keys yet.")}
        rowKey={(key) => key.id}
        columns={[
          { title: t("Name"), cell: (key) => key.name, wrap: "anywhere" },
          {
            title: t("Service"),
            cell: (key) => key.service,
            visibleFrom: "sm",
            underFirstWhenHidden: true,
            wrap: "anywhere",
          },
          { title: t("Key"), cell: (key) => <Code>…{key.keyEnd}</Code> },
          {
            title: t("Changed"),
            cell: (key) => format.date(key.updatedAt),
            visibleFrom: "sm",
            wrap: "never",
          },
          {
            width: 90,
            cell: (key) => (
              <EditDeleteActions
                name={key.name}
                onEdit={() => void navigate({ to: "/account/api_keys/$id/edit", params: { id: key.id } })}
                onDelete={() => confirmDelete(key)}
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}

function ApiKeyForm({ current, onSaved }: { current?: TApiKey; onSaved(): void }) {
  const { t } = useTranslation();
  const add = useAddApiKey();
  const edit = useEditApiKey(current?.id ?? 0);
  const save = current ? edit : add;
  const [values, setValues] = useState({
    name: current?.name ?? "",
    service: current?.service ?? "",
    key: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = (current ? ZApiKeyEditBody : ZApiKeyAddBody).safeParse(values);
    if (!parsed.success) return setErrors(issueErrors(parsed.error.issues));
    const onError = (e: unknown) => {
      setErrors(fieldErrors(e));
      notifyUnlessFieldErrors(e);
    };
    const onSuccess = () => {
      notifySuccess(msg("Saved"));
      onSaved();
    };
    if (current) edit.mutate(values, { onSuccess, onError });
    else add.mutate(values, { onSuccess, onError });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("Name")}
          required
          autoFocus
          value={values.name}
          error={errors.name}
          onChange={(e) => set("name", e.currentTarget.value)}
        />
        <TextInput
          label={t("Service")}
          placeholder="Google Maps"
          required
          value={values.service}
          error={errors.service}
          onChange={(e) => set("service", e.currentTarget.value)}
        />
        <PasswordInput
          label={t("Key")}
          required={!current}
          autoComplete="off"
          description={
            current ? t("Leave empty to keep the stored key (…{{end}}).", { end: current.keyEnd }) : undefined
          }
          value={values.key}
          error={errors.key}
          onChange={(e) => set("key", e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("Save")}
          </Button>
          <ButtonLink to="/account/api_keys" variant="default">
            {t("Cancel")}
          </ButtonLink>
        </Group>
      </Stack>
    </form>
  );
}

/** account/api_keys/add */
export function AddApiKeyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper withBorder p="xl" maw={560}>
      <Stack>
        <BackToKeys />
        <Title order={2}>{t("Add key")}</Title>
        <ApiKeyForm onSaved={() => void navigate({ to: "/account/api_keys" })} />
      </Stack>
    </Paper>
  );
}

const editRoute = getRouteApi("/layout/account/account/api_keys/$id/edit");

/** account/api_keys/:id/edit */
export function EditApiKeyPage() {
  const { t } = useTranslation();
  const { id } = editRoute.useParams();
  const navigate = useNavigate();
  const { data: key, error, isPending } = useApiKey(id);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  return (
    <Paper withBorder p="xl" maw={560}>
      <Stack>
        <BackToKeys />
        <Title order={2} style={{ overflowWrap: "anywhere" }}>
          {t("Edit {{name}}", { name: key.name })}
        </Title>
        <ApiKeyForm current={key} onSaved={() => void navigate({ to: "/account/api_keys" })} />
      </Stack>
    </Paper>
  );
}
