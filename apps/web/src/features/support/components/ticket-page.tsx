import type { TTicketAttachment, TTicketDetail } from "@formloom/core/api/support";
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { errorText, fieldErrors } from "../../../lib/error-text.ts";
import { notifyError } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { downloadTicketFile, useCloseTicket, useTicket, useWriteInTicket } from "../api/tickets.ts";
import { MessageAttachments } from "./message-attachments.tsx";
import {
  PRIORITY_COLOURS,
  PRIORITY_LABELS,
  STATUS_COLOURS,
  STATUS_LABELS,
  TOPIC_LABELS,
} from "./ticket-labels.ts";

const route = getRouteApi("/layout/support/ticket/$id");

/** support/ticket/:id: the conversation, an answer with files, close and reopen. */
export function TicketPage() {
  const { t } = useTranslation();
  const ticket = useTicket(route.useParams().id);
  return (
    <Stack maw={860}>
      <BackLink to="/support/all">{t("All tickets")}</BackLink>
      <QueryState isPending={ticket.isPending} error={ticket.error} empty={false}>
        {() => ticket.data && <Ticket ticket={ticket.data} />}
      </QueryState>
    </Stack>
  );
}

function Ticket({ ticket }: { ticket: TTicketDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const closing = useCloseTicket(ticket.id);
  const closed = ticket.status === "closed";
  return (
    <>
      <PageHeader
        title={`#${ticket.id} ${ticket.title}`}
        actions={
          <Button
            variant={closed ? "filled" : "default"}
            loading={closing.isPending}
            onClick={() => closing.mutate(closed ? "reopen" : "close", { onError: notifyError })}
          >
            {closed ? t("Reopen") : t("Close ticket")}
          </Button>
        }
      />
      <Group gap="xs">
        <Badge color={STATUS_COLOURS[ticket.status]}>{t(STATUS_LABELS[ticket.status])}</Badge>
        <Badge color={PRIORITY_COLOURS[ticket.priority]} variant="light">
          {t(PRIORITY_LABELS[ticket.priority])}
        </Badge>
        <Badge variant="outline">{t(TOPIC_LABELS[ticket.topic])}</Badge>
        <Text size="sm" c="dimmed">
          {t("Answers")}: {ticket.answerCount}
        </Text>
      </Group>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("Messages")}>
        {ticket.messages.map((message) => (
          <Paper
            key={message.id}
            component="li"
            withBorder
            p="md"
            bg={message.author.isOperator ? "var(--mantine-color-blue-light)" : undefined}
          >
            <Group justify="space-between" mb={4} wrap="wrap">
              <Group gap={6}>
                <Text fw={600}>{message.author.name}</Text>
                {message.author.isOperator && (
                  <Badge size="xs" variant="outline">
                    {t("Support")}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {format.dateTime(message.createdAt)}
              </Text>
            </Group>
            <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.text}</Text>
            {message.attachments.length > 0 && (
              <Group gap="xs" mt="xs">
                {message.attachments.map((file) => (
                  <FileLink key={file.id} ticketId={ticket.id} file={file} />
                ))}
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
      {closed ? (
        <Text c="dimmed">{t("The ticket is closed. Reopen it to write again.")}</Text>
      ) : (
        <Reply ticketId={ticket.id} />
      )}
    </>
  );
}

function FileLink({ ticketId, file }: { ticketId: number; file: TTicketAttachment }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => void downloadTicketFile(ticketId, file).catch(notifyError)}
    >
      <Group gap={4} wrap="nowrap">
        <IconPaperclip size={14} />
        {file.name}
      </Group>
    </Anchor>
  );
}

function Reply({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const write = useWriteInTicket(ticketId);
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const errors = fieldErrors(write.error);
  return (
    <Paper withBorder p="md">
      <Stack
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          write.mutate(
            { body: { text }, files },
            {
              onSuccess: () => {
                setText("");
                setFiles([]);
              },
            },
          );
        }}
      >
        <Textarea
          label={t("Your answer")}
          required
          autosize
          minRows={3}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={errors.text}
        />
        <MessageAttachments files={files} onChange={setFiles} />
        {write.error && Object.keys(errors).length === 0 && (
          <Text c="red" role="alert">
            {errorText(write.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={write.isPending}>
            {t("Send")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
