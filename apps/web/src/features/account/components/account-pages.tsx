import { ACCOUNT_TYPES, type TAccount } from "@formloom/core/api/auth";
import { RETENTION_DAYS } from "@formloom/core/api/users";
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconEdit, IconKey, IconPalette } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { errorText, fieldErrors } from "../../../lib/error-text.ts";
import { notifySuccess, notifyUnlessFieldErrors } from "../../../lib/notify.ts";
import { BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useCan, useUser } from "../../auth/api/get-user.ts";
import { useForms } from "../../forms/api/get-forms.ts";
import { useAccountUsers, useGroups } from "../../groups/api/groups.ts";
import { type ResourcesQuery, useAccountResources, useEditAccount } from "../api/account.ts";

export const ACCOUNT_TYPE_LABELS: Record<TAccount["type"], string> = {
  individual: msg("Individual"),
  company: msg("Company"),
};

/** account/: the account's details and the resources it uses. */
export function AccountPage() {
  const translation = useTranslation();
  const { t } = translation;
  const { data: user } = useUser();
  const can = useCan();
  const account = user?.account;
  if (!account) return <Loader m="xl" />;
  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={2}>{t("Account")}</Title>
        {can("account.edit") && (
          <Group gap="xs">
            <ButtonLink to="/account/brand-kit" variant="default" leftSection={<IconPalette size={16} />}>
              {t("Brand kit")}
            </ButtonLink>
            <ButtonLink to="/account/api_keys" variant="default" leftSection={<IconKey size={16} />}>
              {t("API keys")}
            </ButtonLink>
            <ButtonLink to="/account/edit" variant="light" leftSection={<IconEdit size={16} />}>
              {t("Change")}
            </ButtonLink>
          </Group>
        )}
      </Group>
      <Paper withBorder>
        <Table verticalSpacing="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="35%">{t("Name")}</Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{account.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t("Subdomain")}</Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{account.subdomain}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t("Account type")}</Table.Th>
              <Table.Td>{t(ACCOUNT_TYPE_LABELS[account.type])}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t("Recordings of respondents kept")}</Table.Th>
              <Table.Td>{retentionText(account.recordingsRetentionDays, translation)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t("Status")}</Table.Th>
              <Table.Td>
                <Badge variant="light" color={account.status === "active" ? "green" : "gray"}>
                  {account.status === "active" ? t("Active") : account.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      {can("account.resources") && <Resources />}
    </Stack>
  );
}

function Resources() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<ResourcesQuery>({});
  const { data: forms } = useForms();
  const { data: groups } = useGroups();
  const { data: people } = useAccountUsers();
  const backwards = Boolean(query.date_from && query.date_to && query.date_from > query.date_to);
  const { data, error, isFetching } = useAccountResources(query, !backwards);
  const set = (patch: Partial<ResourcesQuery>) => setQuery((current) => ({ ...current, ...patch }));
  const pick = (value: string | null) => (value ? Number(value) : undefined);
  const format = useFormat();
  const figures: Array<[string, number | undefined]> = [
    [t("Forms"), data?.forms],
    [t("Submissions"), data?.answers],
    [t("Users"), data?.users],
    [t("Groups"), data?.groups],
    [t("Invitations"), data?.invitations],
    [t("External apps"), data?.externalApps],
  ];

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t("Resources")}</Title>
          {isFetching && <Loader size="xs" />}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
          <TextInput
            type="date"
            label={t("From")}
            value={query.date_from ?? ""}
            onChange={(event) => set({ date_from: event.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label={t("To")}
            value={query.date_to ?? ""}
            onChange={(event) => set({ date_to: event.currentTarget.value || undefined })}
          />
          <Select
            label={t("Form")}
            clearable
            searchable
            placeholder={t("All")}
            data={(forms ?? []).map((form) => ({
              value: String(form.id),
              label: form.title || t("Untitled form"),
            }))}
            value={query.form_id ? String(query.form_id) : null}
            onChange={(value) => set({ form_id: pick(value) })}
          />
          <Select
            label={t("Group")}
            clearable
            searchable
            placeholder={t("All")}
            data={(groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
            value={query.group_id ? String(query.group_id) : null}
            onChange={(value) => set({ group_id: pick(value) })}
          />
          <Select
            label={t("User")}
            clearable
            searchable
            placeholder={t("All")}
            data={(people ?? []).map((person) => ({ value: String(person.id), label: person.username }))}
            value={query.user_id ? String(query.user_id) : null}
            onChange={(value) => set({ user_id: pick(value) })}
          />
        </SimpleGrid>
        {backwards && <Alert color="yellow">{t("Date FROM can not be later than date TO!")}</Alert>}
        {error && !backwards && <Alert color="red">{errorText(error)}</Alert>}
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {figures.map(([label, value]) => (
            <Paper key={label} withBorder p="md" bg="var(--mantine-color-gray-0)">
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              <Text fw={700} size="xl">
                {value === undefined ? "—" : format.number(value)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** How long the account keeps what was recorded of its respondents, in words ("30 days", "30 дней"). */
function retentionText(days: number | null, { t, i18n }: ReturnType<typeof useTranslation>): string {
  if (days === null) return t("As long as the submission");
  return new Intl.NumberFormat(i18n.language, { style: "unit", unit: "day", unitDisplay: "long" }).format(
    days,
  );
}

/** account/edit: the account's name and type, and how long recordings of respondents are kept. */
export function AccountEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const edit = useEditAccount();
  const [name, setName] = useState<string | null>(null);
  const [type, setType] = useState<TAccount["type"] | null>(null);
  /** The retention as edited: "submission", or a number of days ("" while the field is empty). */
  const [retention, setRetention] = useState<{ keep: "submission" | "days"; days: number | "" } | null>(null);
  const account = user?.account;
  if (!account) return <Loader m="xl" />;
  const errors = fieldErrors(edit.error);
  const kept = retention ?? {
    keep: account.recordingsRetentionDays === null ? ("submission" as const) : ("days" as const),
    days: account.recordingsRetentionDays ?? "",
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      {
        name: name ?? account.name,
        type: type ?? account.type,
        // An empty number is sent as it is, for the server to say what is wrong with it.
        recordingsRetentionDays: kept.keep === "submission" ? null : (kept.days as number),
      },
      {
        onSuccess: () => {
          notifySuccess(msg("Saved"));
          void navigate({ to: "/account" });
        },
        onError: notifyUnlessFieldErrors,
      },
    );
  };

  return (
    <Paper withBorder p="xl" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <BackLink to="/account">{t("Account")}</BackLink>
          <Title order={2}>{t("Edit the account")}</Title>
          <TextInput
            label={t("Name")}
            required
            autoFocus
            value={name ?? account.name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select
            label={t("Account type")}
            allowDeselect={false}
            data={ACCOUNT_TYPES.map((value) => ({ value, label: t(ACCOUNT_TYPE_LABELS[value]) }))}
            value={type ?? account.type}
            onChange={(value) => value && setType(value as TAccount["type"])}
          />
          <Radio.Group
            label={t("Keep recordings of respondents")}
            description={t(
              "Session recordings, video and audio captures, behaviour events (page interactions) and face, emotion, age and gender recognition older than this are removed for good. The submissions and their answers are kept.",
            )}
            value={kept.keep}
            onChange={(value) => setRetention({ ...kept, keep: value as "submission" | "days" })}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="submission" label={t("As long as the submission")} />
              <Radio value="days" label={t("For a number of days")} />
            </Stack>
          </Radio.Group>
          {kept.keep === "days" && (
            <NumberInput
              label={t("Days to keep recordings")}
              min={RETENTION_DAYS.min}
              max={RETENTION_DAYS.max}
              allowDecimal={false}
              allowNegative={false}
              required
              value={kept.days}
              error={errors.recordingsRetentionDays}
              onChange={(value) => setRetention({ ...kept, days: value === "" ? "" : Number(value) })}
              maw={280}
            />
          )}
          <Group>
            <Button type="submit" loading={edit.isPending}>
              {t("Save")}
            </Button>
            <ButtonLink to="/account" variant="default">
              {t("Cancel")}
            </ButtonLink>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
