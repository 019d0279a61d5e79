import type { GrantablePermission } from "@formloom/core/permissions";
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { useGroup } from "../../groups/api/groups.ts";
import { usePermissionCatalogue, usePermissionStatus, useSetPermissions } from "../api/permissions.ts";

const route = getRouteApi("/layout/account/groups/$id/permissions_functional");

/** groups/:id/permissions_functional: what the group's members may do, by category, with check-all. */
export function GroupPermissionsPage() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const can = useCan();
  const group = useGroup(id);
  const catalogue = usePermissionCatalogue(id);
  const status = usePermissionStatus(id);
  const save = useSetPermissions(id);
  const [draft, setDraft] = useState<Set<GrantablePermission> | null>(null);
  const editable = can("permissions.manage");

  if (group.isPending || catalogue.isPending || status.isPending) return <Loader m="xl" />;
  const error = group.error ?? catalogue.error ?? status.error;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;

  const saved = new Set(status.data?.permissions ?? []);
  const chosen = draft ?? saved;
  const changed = draft !== null && (draft.size !== saved.size || [...draft].some((p) => !saved.has(p)));
  const toggle = (ids: readonly GrantablePermission[], on: boolean) =>
    setDraft(() => {
      const next = new Set(chosen);
      for (const permission of ids) {
        if (on) next.add(permission);
        else next.delete(permission);
      }
      return next;
    });

  const submit = () =>
    save.mutate([...chosen], {
      onSuccess: () => {
        setDraft(null);
        notifySuccess(msg("Permissions saved"));
      },
      onError: notifyError,
    });

  return (
    <Stack maw={900}>
      <BackLink to="/groups/$id/view" params={{ id }}>
        {group.data?.name}
      </BackLink>
      <Title order={2} style={{ overflowWrap: "anywhere" }}>
        {t("Permissions of “{{name}}”", { name: group.data?.name ?? "" })}
      </Title>
      <Text size="sm" c="dimmed">
        {t(
          "Members of this group may do what is ticked here, and what their other groups allow. Account admins may do everything.",
        )}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(catalogue.data?.categories ?? []).map((category) => {
          const ids = category.permissions.map((permission) => permission.id);
          const held = ids.filter((permission) => chosen.has(permission)).length;
          return (
            <Paper key={category.id} withBorder p="md">
              <Checkbox
                label={<Text fw={700}>{t(category.title)}</Text>}
                aria-label={t("All permissions of {{category}}", { category: t(category.title) })}
                checked={held === ids.length}
                indeterminate={held > 0 && held < ids.length}
                disabled={!editable}
                onChange={() => toggle(ids, held < ids.length)}
              />
              <Divider my="sm" />
              <Stack gap="xs">
                {category.permissions.map((permission) => (
                  <Checkbox
                    key={permission.id}
                    label={t(permission.title)}
                    checked={chosen.has(permission.id)}
                    disabled={!editable}
                    onChange={(event) => toggle([permission.id], event.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {editable ? (
        <Group>
          <Button onClick={submit} disabled={!changed} loading={save.isPending}>
            {t("Save")}
          </Button>
          <Button variant="default" disabled={!changed} onClick={() => setDraft(null)}>
            {t("Undo changes")}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t("Only account admins change permissions.")}
        </Text>
      )}
    </Stack>
  );
}
