import { holdsValue } from "@formloom/core/field-registry";
import type { DataAccessLevel } from "@formloom/core/permissions";
import { Alert, Button, Checkbox, Group, Loader, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListTable } from "../../../components/list-table.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { errorText, fieldErrors } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useForm } from "../../forms/api/get-form.ts";
import { useFormAccess, useFormGroupAccess, useSetFormGroupAccess } from "../api/permissions.ts";
import { accessColumn, LEVEL_LABELS, NoGroups } from "./access-level.tsx";

const listRoute = getRouteApi("/layout/account/forms/$id/permissions");
const pairRoute = getRouteApi("/layout/account/forms/$id/permissions/group/$groupId");

/** :id/permissions: every group's access to this form's answers. */
export function FormPermissionsPage() {
  const { t } = useTranslation();
  const { id } = listRoute.useParams();
  const { data: items, isPending, error } = useFormAccess(id);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t(
          "Which answers each group's members see in results. Account admins and the form's author always see everything.",
        )}
      </Text>
      <ListTable
        rows={items}
        isPending={isPending}
        error={error}
        empty={<NoGroups />}
        rowKey={(item) => item.groupId}
        columns={[
          { title: t("Group"), cell: (item) => item.groupName, wrap: "anywhere" },
          accessColumn(t("Access")),
          {
            width: 120,
            cell: (item) => (
              <ButtonLink
                size="xs"
                variant="light"
                to="/forms/$id/permissions/group/$groupId"
                params={{ id, groupId: item.groupId }}
                aria-label={t("Change the access of {{name}}", { name: item.groupName })}
              >
                {t("Change")}
              </ButtonLink>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** :formId/permissions/group/:groupId: no access, the whole form, or selected fields. */
export function FormGroupPermissionPage() {
  const { t } = useTranslation();
  const { id, groupId } = pairRoute.useParams();
  const navigate = useNavigate();
  const form = useForm(id);
  const access = useFormGroupAccess(id, groupId);
  const save = useSetFormGroupAccess(id, groupId);
  const [level, setLevel] = useState<DataAccessLevel | null>(null);
  const [fields, setFields] = useState<string[] | null>(null);

  if (form.isPending || access.isPending) return <Loader m="xl" />;
  const error = form.error ?? access.error;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;

  const chosenLevel = level ?? access.data?.level ?? "none";
  const chosenFields = fields ?? access.data?.fieldIds ?? [];
  const answerable = (form.data?.fields ?? []).filter(holdsValue).sort((a, b) => a.fieldOrder - b.fieldOrder);
  const problems = fieldErrors(save.error);

  const submit = () =>
    save.mutate(
      { level: chosenLevel, fieldIds: chosenLevel === "fields" ? chosenFields : [] },
      {
        onSuccess: () => {
          notifySuccess(msg("Access saved"));
          void navigate({ to: "/forms/$id/permissions", params: { id } });
        },
        onError: (e) => {
          if (!fieldErrors(e).fieldIds) notifyError(e);
        },
      },
    );

  return (
    <Paper withBorder p="lg" maw={720}>
      <Stack>
        <BackLink to="/forms/$id/permissions" params={{ id }}>
          {t("All groups")}
        </BackLink>
        <Title order={3} style={{ overflowWrap: "anywhere" }}>
          {t("Access of “{{name}}” to the answers", { name: access.data?.groupName ?? "" })}
        </Title>
        <Radio.Group
          value={chosenLevel}
          onChange={(value) => {
            setLevel(value as DataAccessLevel);
            save.reset();
          }}
          label={t("Access")}
        >
          <Stack gap="xs" mt="xs">
            {(["none", "all", "fields"] as const).map((value) => (
              <Radio key={value} value={value} label={t(LEVEL_LABELS[value])} />
            ))}
          </Stack>
        </Radio.Group>
        {chosenLevel === "fields" && (
          <Checkbox.Group
            label={t("Fields the group sees")}
            description={t("The other fields are left out of the results entirely.")}
            value={chosenFields}
            onChange={(value) => {
              setFields(value);
              save.reset();
            }}
            error={problems.fieldIds}
          >
            <Stack gap="xs" mt="xs">
              {answerable.length === 0 && (
                <Text c="dimmed">{t("This form has no fields that take answers.")}</Text>
              )}
              {answerable.map((field) => (
                <Checkbox key={field.id} value={field.id} label={field.question || t("Untitled field")} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {t("Save")}
          </Button>
          <ButtonLink variant="default" to="/forms/$id/permissions" params={{ id }}>
            {t("Cancel")}
          </ButtonLink>
        </Group>
      </Stack>
    </Paper>
  );
}
