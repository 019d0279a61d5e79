import { splitEmails, ZInvitationSendBody } from "@formloom/core/api/invitations";
import { Button, Group, MultiSelect, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { errorText, issueErrors } from "../../../lib/error-text.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { toasts as notifications } from "../../../lib/toasts.ts";
import { useCan } from "../../auth/api/get-user.ts";
import { groupsQueryOptions } from "../../groups/api/groups.ts";
import { useSendInvitations } from "../api/invitations.ts";

/** invitations/new: many addresses at once, separated by spaces, commas or line breaks. */
export function NewInvitationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useSendInvitations();
  const [text, setText] = useState("");
  // Putting people in groups gives them rights: only those who manage groups may choose them.
  const mayChooseGroups = useCan()("groups.manage");
  const { data: groups } = useQuery({ ...groupsQueryOptions, enabled: mayChooseGroups });
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const { emails, invalid } = splitEmails(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZInvitationSendBody.safeParse({ emails: text });
    if (!parsed.success) {
      const message = issueErrors(parsed.error.issues).emails;
      return setError(invalid.length > 0 ? `${message}: ${invalid.join(", ")}` : message);
    }
    send.mutate(
      { emails: text, groupIds: groupIds.map(Number) },
      {
        onSuccess: (result) => {
          notifySuccess(msg("{{count}} invitations sent"), { count: result.invitations.length });
          if (result.skipped.length > 0) {
            notifications.show({
              color: "yellow",
              autoClose: false,
              message: t("Not invited, they already belong to this account: {{emails}}", {
                emails: result.skipped.join(", "),
              }),
            });
          }
          void navigate({ to: "/invitations/all" });
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <Paper withBorder p="xl" maw={640}>
      <Stack>
        <BackLink to="/invitations/all">{t("All invitations")}</BackLink>
        <Title order={2}>{t("Invite people")}</Title>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Textarea
              label={t("E-mail addresses")}
              description={t("Separate the addresses with spaces, commas or line breaks.")}
              placeholder={"ann@example.com, bob@example.com"}
              autosize
              minRows={4}
              maxRows={12}
              required
              autoFocus
              value={text}
              error={error}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(undefined);
              }}
            />
            <Text size="sm" c={invalid.length > 0 ? "red" : "dimmed"} aria-live="polite">
              {invalid.length > 0
                ? t("Not valid: {{emails}}", { emails: invalid.join(", ") })
                : t("{{count}} addresses", { count: emails.length })}
            </Text>
            {mayChooseGroups && (
              <MultiSelect
                label={t("Groups")}
                description={t("They join these groups, and get their rights, once they accept.")}
                placeholder={
                  groupIds.length === 0 ? t("No group: no rights until you add them to one") : undefined
                }
                data={(groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
                value={groupIds}
                onChange={setGroupIds}
                searchable
                clearable
                nothingFoundMessage={t("No group matches")}
              />
            )}
            <Group>
              <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
                {t("Send invitations")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
