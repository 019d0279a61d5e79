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
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import dayjs from "dayjs";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { IconAction } from "../../../components/icon-action.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { errorText, fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { notifyError } from "../../../lib/notify.ts";
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
      <Group justify="space-between">
        <Title order={2}>{t("API keys")}</Title>
        <ButtonLink to="/account/api_keys/add" leftSection={<IconPlus size={16} />}>
          {t("Add key")}
        </ButtonLink>
      </Group>
      <Text size="sm" c="dimmed">
        {t(
          "Keys of other services, such as maps, that the account's forms use. They are stored encrypted and never shown again.",
        )}
      </Text>
      <Paper withBorder>
        <QueryState
          isPending={isPending}
          error={error}
          empty={
            keys?.length === 0 && (
              <Text c="dimmed" ta="center" p="xl">
                {t("No keys yet.")}
              </Text>
            )
          }
        >
          {() => (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Name")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("Service")}</Table.Th>
                    <Table.Th>{t("Key")}</Table.Th>
                    <Table.Th visibleFrom="sm">{t("Changed")}</Table.Th>
                    <Table.Th w={90} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(keys ?? []).map((key) => (
                    <Table.Tr key={key.id}>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>
                        {key.name}
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          {key.service}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={{ overflowWrap: "anywhere" }}>
                        {key.service}
                      </Table.Td>
                      <Table.Td>
                        <Code>…{key.keyEnd}</Code>
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={{ whiteSpace: "nowrap" }}>
                        {dayjs(key.updatedAt).format("DD.MM.YYYY")}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <IconAction
                            label={t("Change")}
                            ariaLabel={t("Edit {{name}}", { name: key.name })}
                            onClick={() =>
                              void navigate({ to: "/account/api_keys/$id/edit", params: { id: key.id } })
                            }
                          >
                            <IconEdit size={16} />
                          </IconAction>
                          <IconAction
                            label={t("Delete")}
                            ariaLabel={t("Delete {{name}}", { name: key.name })}
                            color="red"
                            onClick={() => confirmDelete(key)}
                          >
                            <IconTrash size={16} />
                          </IconAction>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Paper>
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
      if (Object.keys(fieldErrors(e)).length === 0) notifyError(e);
    };
    const onSuccess = () => {
      notifications.show({ color: "green", message: t("Saved") });
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
