import { splitEmails, ZInvitationSendBody } from "@formloom/core/api/invitations";
import { Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, issueErrors } from "../../../lib/error-text.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { useSendInvitations } from "../api/invitations.ts";

/** invitations/new: many addresses at once, separated by spaces, commas or line breaks. */
export function NewInvitationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useSendInvitations();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const { emails, invalid } = splitEmails(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZInvitationSendBody.safeParse({ emails: text });
    if (!parsed.success) {
      const message = issueErrors(parsed.error.issues).emails;
      return setError(invalid.length > 0 ? `${message}: ${invalid.join(", ")}` : message);
    }
    send.mutate(text, {
      onSuccess: (result) => {
        notifications.show({
          color: "green",
          message: t("{{count}} invitations sent", { count: result.invitations.length }),
        });
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
    });
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
