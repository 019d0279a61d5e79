import type { TWebhookDelivery } from "@formloom/core/api/webhooks";
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconRepeat } from "@tabler/icons-react";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { useDeliveries, useReplayDelivery } from "../api/webhooks.ts";
import { TestEvent } from "./test-event.tsx";

const STATE_COLORS: Record<TWebhookDelivery["state"], string> = {
  queued: "blue",
  done: "green",
  failed: "red",
  disabled: "gray",
};
const STATE_LABELS: Record<TWebhookDelivery["state"], string> = {
  queued: msg("Queued"),
  done: msg("Delivered"),
  failed: msg("Failed"),
  disabled: msg("Not sent: webhook off"),
};

/** The latest deliveries, each with its attempts on demand, and a way to send one again. */
export function DeliveryLog({ formId, webhookId }: { formId: number; webhookId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, error } = useDeliveries(formId, webhookId);
  const replay = useReplayDelivery(formId, webhookId);
  const [open, setOpen] = useState<number | null>(null);

  return (
    <Paper withBorder p={{ base: "md", sm: "xl" }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>{t("Delivery log")}</Title>
          <TestEvent formId={formId} webhookId={webhookId} />
        </Group>
        {isPending ? (
          <Loader />
        ) : error ? (
          <Text c="red" role="alert">
            {errorText(error)}
          </Text>
        ) : data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("Nothing sent yet. Each submission of the form appears here.")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" aria-label={t("Delivery log")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th visibleFrom="sm">{t("Time")}</Table.Th>
                  <Table.Th>{t("Status")}</Table.Th>
                  <Table.Th visibleFrom="sm">{t("Response code")}</Table.Th>
                  <Table.Th visibleFrom="sm">{t("Submission")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((delivery) => {
                  const last = delivery.attempts.at(-1);
                  const expanded = open === delivery.id;
                  return (
                    <Fragment key={delivery.id}>
                      <Table.Tr data-testid="delivery">
                        <Table.Td visibleFrom="sm" style={{ whiteSpace: "nowrap" }}>
                          {format.dateTime(delivery.createdAt)}
                        </Table.Td>
                        <Table.Td>
                          <Badge
                            color={STATE_COLORS[delivery.state]}
                            variant="light"
                            style={{ textTransform: "none" }}
                          >
                            {t(STATE_LABELS[delivery.state])}
                          </Badge>
                          <Text hiddenFrom="sm" size="xs" c="dimmed" mt={4}>
                            {format.dateTime(delivery.createdAt)}
                            {last?.responseStatus ? ` · HTTP ${last.responseStatus}` : ""}
                          </Text>
                        </Table.Td>
                        <Table.Td visibleFrom="sm">{last?.responseStatus ?? "—"}</Table.Td>
                        <Table.Td visibleFrom="sm">
                          {/* Named by its number in the form, as the results table names it. */}
                          {delivery.answerNumber === null ? (
                            "—"
                          ) : (
                            <AnchorLink
                              to="/forms/$id/results/$resId"
                              params={{ id: formId, resId: delivery.answerNumber }}
                              size="sm"
                            >
                              #{delivery.answerNumber}
                            </AnchorLink>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end">
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              aria-expanded={expanded}
                              onClick={() => setOpen(expanded ? null : delivery.id)}
                            >
                              {t("Attempts: {{n}}", { n: delivery.attempts.length })}
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="light"
                              leftSection={<IconRepeat size={14} />}
                              disabled={delivery.state === "queued"}
                              loading={replay.isPending && replay.variables === delivery.id}
                              onClick={() =>
                                replay.mutate(delivery.id, {
                                  onSuccess: () => notifySuccess(msg("Queued to send again")),
                                  onError: notifyError,
                                })
                              }
                            >
                              {t("Replay")}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                      {expanded && (
                        <Table.Tr>
                          <Table.Td colSpan={5}>
                            <Attempts delivery={delivery} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function Attempts({ delivery }: { delivery: TWebhookDelivery }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (delivery.attempts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("No attempt made yet.")}
      </Text>
    );
  return (
    <Stack gap={4}>
      {delivery.attempts.map((attempt) => (
        <Text key={attempt.at} size="sm" style={{ overflowWrap: "anywhere" }}>
          <Badge size="sm" color={attempt.ok ? "green" : "red"} variant="dot" mr="xs">
            {attempt.responseStatus ?? t("No answer")}
          </Badge>
          {format.dateTime(attempt.at)} · {t("{{ms}} ms", { ms: attempt.durationMs })}
          {attempt.error ? ` · ${attempt.error}` : ""}
        </Text>
      ))}
      {delivery.nextAttemptAt && (
        <Text size="xs" c="dimmed">
          {t("Next attempt: {{time}}", { time: format.dateTime(delivery.nextAttemptAt) })}
        </Text>
      )}
    </Stack>
  );
}
