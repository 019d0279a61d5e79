import { catalogueText } from "@formloom/core/templates/catalogue-language";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useCan, useUser } from "../../auth/api/get-user.ts";
import { todayIn } from "../../dashboard/api/get-submission-days.ts";
import { money, useBillingHistory, useBillingStatus } from "../api/billing.ts";
import { PaymentForm } from "./payment-form.tsx";

const TABS = {
  status: "/account/billing",
  history: "/account/billing/history",
  payment: "/account/billing/payment",
} as const;
export type BillingTab = keyof typeof TABS;

/** account/billing: status, history and payment (platform.md §2). */
export function BillingPage({ tab }: { tab: BillingTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack>
      <PageHeader title={t("Billing")} />
      <Tabs value={tab} onChange={(value) => value && void navigate({ to: TABS[value as BillingTab] })}>
        <Tabs.List>
          <Tabs.Tab value="status">{t("Status")}</Tabs.Tab>
          <Tabs.Tab value="history">{t("History")}</Tabs.Tab>
          <Tabs.Tab value="payment">{t("Payment")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === "status" && <StatusPanel />}
      {tab === "history" && <HistoryPanel />}
      {tab === "payment" && <PaymentPanel />}
    </Stack>
  );
}

export const StatusTab = () => <BillingPage tab="status" />;
export const HistoryTab = () => <BillingPage tab="history" />;
export const PaymentTab = () => <BillingPage tab="payment" />;

function StatusPanel() {
  const { t, i18n } = useTranslation();
  const status = useBillingStatus();
  return (
    <QueryState isPending={status.isPending} error={status.error} empty={false}>
      {() => {
        const data = status.data!;
        const format = (cents: number) => money(cents, data.currency, i18n.language);
        return (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Card withBorder>
                <Text size="sm" c="dimmed">
                  {t("Balance")}
                </Text>
                <Text size="xl" fw={700} data-testid="balance">
                  {format(data.balanceCents)}
                </Text>
              </Card>
              <Card withBorder>
                <Text size="sm" c="dimmed">
                  {t("Services a month")}
                </Text>
                <Text size="xl" fw={700}>
                  {format(data.monthlyCents)}
                </Text>
              </Card>
              <Card withBorder>
                <Text size="sm" c="dimmed">
                  {t("Plan")}
                </Text>
                <Text size="xl" fw={700}>
                  {data.plan === "business" ? t("Business") : t("Free")}
                </Text>
              </Card>
            </SimpleGrid>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("Service")}</Table.Th>
                  <Table.Th>{t("Cost")}</Table.Th>
                  <Table.Th>{t("Next charge")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.services.map((service) => (
                  <Table.Tr key={service.id}>
                    <Table.Td>{catalogueText(service.title, i18n.language)}</Table.Td>
                    <Table.Td>{service.pricing === "free" ? t("Free") : format(service.priceCents)}</Table.Td>
                    <Table.Td>
                      {service.due ? (
                        <Badge color="orange">{t("Due: waiting for a payment")}</Badge>
                      ) : service.nextChargeAt ? (
                        new Date(service.nextChargeAt).toLocaleDateString(i18n.language)
                      ) : (
                        "—"
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {data.services.length === 0 && (
              <Text c="dimmed">
                {t("No services added yet.")}{" "}
                <Link to="/marketplace/services">{t("Open the marketplace")}</Link>
              </Text>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}

/**
 * The history presets of platform.md §9: today, yesterday, a week ago, as days of the user's time
 * zone (the server reads them so).
 */
function preset(
  name: "today" | "yesterday" | "week",
  zone: string | undefined,
): { date_from: string; date_to: string } {
  const today = todayIn(zone);
  const before = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  if (name === "today") return { date_from: today, date_to: today };
  if (name === "yesterday") return { date_from: before(1), date_to: before(1) };
  return { date_from: before(7), date_to: today };
}

function HistoryPanel() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<{ date_from?: string; date_to?: string }>({});
  // The server reads the days in the user's zone, UTC until it is known: so does the page.
  const zone = useUser().data?.timezone ?? "UTC";
  const history = useBillingHistory(range);
  const status = useBillingStatus();
  const currency = status.data?.currency ?? "USD";
  return (
    <Stack>
      <Group align="end" wrap="wrap">
        <Button variant="light" onClick={() => setRange(preset("today", zone))}>
          {t("Today")}
        </Button>
        <Button variant="light" onClick={() => setRange(preset("yesterday", zone))}>
          {t("Yesterday")}
        </Button>
        <Button variant="light" onClick={() => setRange(preset("week", zone))}>
          {t("A week ago")}
        </Button>
        <TextInput
          type="date"
          label={t("From")}
          value={range.date_from ?? ""}
          onChange={(event) => setRange({ ...range, date_from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t("To")}
          value={range.date_to ?? ""}
          onChange={(event) => setRange({ ...range, date_to: event.currentTarget.value })}
        />
        <Button variant="subtle" onClick={() => setRange({})}>
          {t("All time")}
        </Button>
      </Group>
      <QueryState
        isPending={history.isPending}
        error={history.error}
        empty={
          history.data?.history.length === 0 && <Text c="dimmed">{t("No operations in this period.")}</Text>
        }
      >
        {() => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Date")}</Table.Th>
                <Table.Th>{t("Amount")}</Table.Th>
                <Table.Th>{t("Type")}</Table.Th>
                <Table.Th>{t("Comment")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data!.history.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{new Date(entry.date).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>{money(entry.amountCents, currency, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Badge color={entry.type === "charging" ? "green" : "gray"}>
                      {entry.type === "charging" ? t("Charging") : t("Withdrawal")}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{entry.comment}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}

function PaymentPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const status = useBillingStatus();
  if (!can("billing.pay")) {
    return (
      <Alert color="red" role="alert">
        {t("codes.billing.not_allowed")}
      </Alert>
    );
  }
  if (!status.data) return null;
  return <PaymentForm currencies={[status.data.currency as "USD"]} />;
}
