import {
  TICKET_PRIORITIES,
  TICKET_TOPICS,
  type TTicketPriority,
  type TTicketTopic,
} from "@formloom/core/api/support";
import { Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header.tsx";
import { errorText, fieldErrors } from "../../../lib/error-text.ts";
import { useOpenTicket } from "../api/tickets.ts";
import { MessageAttachments } from "./message-attachments.tsx";
import { PRIORITY_LABELS, TOPIC_LABELS } from "./ticket-labels.ts";

/** The files a message may carry, as the server takes them (pictures, PDF, plain text). */

/** support/new: a ticket's title, topic, priority, first message and files. */
export function NewTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenTicket();
  const [title, setTitle] = useState("");
  const [topic, setTopic] = useState<TTicketTopic>("general");
  const [priority, setPriority] = useState<TTicketPriority>("normal");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const errors = fieldErrors(open.error);
  const submit = () =>
    open.mutate(
      { body: { title, topic, priority, text }, files },
      {
        onSuccess: (ticket) => void navigate({ to: "/support/ticket/$id", params: { id: ticket.id } }),
      },
    );
  return (
    <Stack maw={720}>
      <PageHeader title={t("New ticket")} description={t("Our support team answers by e-mail and here.")} />
      <Paper withBorder p="md">
        <Stack
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextInput
            label={t("Title")}
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
            maxLength={200}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t("Topic")}
              data={TICKET_TOPICS.map((value) => ({ value, label: t(TOPIC_LABELS[value]) }))}
              value={topic}
              onChange={(value) => value && setTopic(value as TTicketTopic)}
              allowDeselect={false}
            />
            <Select
              label={t("Priority")}
              data={TICKET_PRIORITIES.map((value) => ({ value, label: t(PRIORITY_LABELS[value]) }))}
              value={priority}
              onChange={(value) => value && setPriority(value as TTicketPriority)}
              allowDeselect={false}
            />
          </Group>
          <Textarea
            label={t("Message")}
            required
            autosize
            minRows={5}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text}
          />
          <MessageAttachments files={files} onChange={setFiles} />
          {open.error && Object.keys(errors).length === 0 && (
            <Text c="red" role="alert">
              {errorText(open.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={open.isPending}>
              {t("Send")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
