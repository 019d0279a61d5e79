import { TICKET_STATUSES, type TTicketStatus } from "@formloom/core/api/support";
import { Badge, Group, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { AnchorLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useTickets } from "../api/tickets.ts";
import {
  PRIORITY_COLOURS,
  PRIORITY_LABELS,
  STATUS_COLOURS,
  STATUS_LABELS,
  TOPIC_LABELS,
} from "./ticket-labels.ts";

/** support/all: the account's tickets, or every account's for the instance's operators. */
export function TicketListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [status, setStatus] = useState<TTicketStatus | "all">("all");
  const tickets = useTickets(status === "all" ? undefined : status);
  const operator = tickets.data?.isOperator ?? false;
  return (
    <Stack>
      <PageHeader
        title={t("Support tickets")}
        description={operator ? t("You answer the tickets of every account.") : undefined}
        actions={
          <ButtonLink to="/support/new" leftSection={<IconPlus size={16} />}>
            {t("New ticket")}
          </ButtonLink>
        }
      />
      <SegmentedControl
        aria-label={t("Status")}
        value={status}
        onChange={(value) => setStatus(value as TTicketStatus | "all")}
        data={[
          { value: "all", label: t("All") },
          ...TICKET_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) })),
        ]}
        style={{ alignSelf: "flex-start", maxWidth: "100%", overflowX: "auto" }}
      />
      <QueryState
        isPending={tickets.isPending}
        error={tickets.error}
        empty={tickets.data?.tickets.length === 0 && <Text c="dimmed">{t("No tickets yet.")}</Text>}
      >
        {() => (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("Title")}</Table.Th>
                  <Table.Th>{t("Topic")}</Table.Th>
                  <Table.Th>{t("Priority")}</Table.Th>
                  <Table.Th>{t("Status")}</Table.Th>
                  <Table.Th>{t("Answers")}</Table.Th>
                  <Table.Th>{t("Last message by")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tickets.data?.tickets.map((ticket) => (
                  <Table.Tr key={ticket.id}>
                    <Table.Td>
                      <AnchorLink to="/support/ticket/$id" params={{ id: ticket.id }}>
                        #{ticket.id} {ticket.title}
                      </AnchorLink>
                      {operator && (
                        <Text size="xs" c="dimmed">
                          {ticket.account}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(TOPIC_LABELS[ticket.topic])}</Table.Td>
                    <Table.Td>
                      <Badge color={PRIORITY_COLOURS[ticket.priority]} variant="light">
                        {t(PRIORITY_LABELS[ticket.priority])}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[ticket.status]}>{t(STATUS_LABELS[ticket.status])}</Badge>
                    </Table.Td>
                    <Table.Td>{ticket.answerCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm">{ticket.lastMessageBy.name}</Text>
                        {ticket.lastMessageBy.isOperator && (
                          <Badge size="xs" variant="outline">
                            {t("Support")}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {format.dateTime(ticket.lastMessageAt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
