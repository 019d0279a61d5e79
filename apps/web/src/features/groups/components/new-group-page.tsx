import { ZGroupCreateBody } from "@formloom/core/api/groups";
import { Alert, Button, Paper, Stack, TextInput, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { errorText, fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { useCreateGroup } from "../api/groups.ts";

/** groups/new: one required name, a back link to all groups, and Add group (platform.md §2). */
export function NewGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZGroupCreateBody.safeParse({ groupName: name });
    if (!parsed.success) return setError(issueErrors(parsed.error.issues).groupName);
    create.mutate(parsed.data.groupName, {
      onSuccess: (group) => {
        notifySuccess(msg("Group {{name}} was created"), { name: group.name });
        setName("");
        void navigate({ to: "/groups/all" });
      },
      onError: (e) => setError(fieldErrors(e).groupName ?? errorText(e)),
    });
  };

  return (
    <Paper withBorder p="xl" maw={520}>
      <Stack>
        <BackLink to="/groups/all">{t("All groups")}</BackLink>
        <Title order={2}>{t("New group")}</Title>
        <form onSubmit={submit} noValidate>
          <Stack>
            {create.error && !error && <Alert color="red">{errorText(create.error)}</Alert>}
            <TextInput
              label={t("Group name")}
              required
              autoFocus
              value={name}
              error={error}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(undefined);
              }}
            />
            <Button type="submit" loading={create.isPending} style={{ alignSelf: "flex-start" }}>
              {t("Add group")}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
