import type { TDataset, TService } from "@formloom/core/api/billing";
import { catalogueText } from "@formloom/core/templates/catalogue-language";
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { money, useAccountServices, useServiceChange } from "../../billing/api/billing.ts";
import { downloadDataset, useDatasets } from "../api/datasets.ts";

function ServiceCard({ service, added }: { service: TService; added: boolean }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const add = useServiceChange("add");
  const remove = useServiceChange("remove");
  const price =
    service.pricing === "free"
      ? t("Free")
      : service.pricing === "use"
        ? t("{{price}} per use", { price: money(service.priceCents, service.currency, i18n.language) })
        : t("{{price}} a month", { price: money(service.priceCents, service.currency, i18n.language) });
  const change = added ? remove : add;
  // The instance's own services speak the reader's language; an operator's own stay as written.
  const told = (text: string) => catalogueText(text, i18n.language);
  const title = told(service.title);
  return (
    <Card withBorder component="article" aria-labelledby={`service-${service.id}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id={`service-${service.id}`}>
            {title}
          </Title>
          {added && <Badge color="green">{t("Added")}</Badge>}
        </Group>
        <Text size="sm">{told(service.description)}</Text>
        <List size="sm">
          {service.unlocks.map((unlock) => (
            <List.Item key={unlock}>{told(unlock)}</List.Item>
          ))}
        </List>
        <Text fw={700} mt="auto">
          {price}
        </Text>
        {service.pricing !== "free" && can("billing.pay") && (
          <Button
            variant={added ? "default" : "filled"}
            loading={change.isPending}
            onClick={() => change.mutate(service.id)}
            aria-label={`${added ? t("Remove") : t("Add")}: ${title}`}
          >
            {added ? t("Remove") : t("Add")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function ServiceGrid({ only }: { only: "all" | "current" }) {
  const { t } = useTranslation();
  const services = useAccountServices();
  const current = new Set(services.data?.currentServices.map((s) => s.id));
  const list = only === "all" ? services.data?.allServices : services.data?.currentServices;
  return (
    <QueryState
      isPending={services.isPending}
      error={null}
      empty={list?.length === 0 && <Text c="dimmed">{t("No services added yet.")}</Text>}
    >
      {() => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list!.map((service) => (
            <ServiceCard key={service.id} service={service} added={current.has(service.id)} />
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

function DatasetCard({ dataset }: { dataset: TDataset }) {
  const { t, i18n } = useTranslation();
  const title = catalogueText(dataset.title, i18n.language);
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadDataset(dataset.id)
      .catch((error: unknown) => console.error("The data set could not be downloaded", error))
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder component="article" aria-labelledby={`dataset-${dataset.id}`}>
      <Stack gap="xs" h="100%">
        <Title order={3} size="h4" id={`dataset-${dataset.id}`}>
          {title}
        </Title>
        <Text size="sm">{catalogueText(dataset.description, i18n.language)}</Text>
        <Text size="sm" c="dimmed">
          {t("CSV, rows: {{rows}}", { rows: dataset.rows })} · {dataset.columns.join(", ")}
        </Text>
        <Button
          mt="auto"
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={busy}
          onClick={download}
          aria-label={`${t("Download")}: ${title}`}
        >
          {t("Download")}
        </Button>
      </Stack>
    </Card>
  );
}

/** The sample data sets; none listed when they could not be loaded (the failure is logged). */
function DatasetGrid() {
  const { t } = useTranslation();
  const datasets = useDatasets();
  if (!datasets.data || datasets.data.datasets.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="marketplace-datasets">
      <Title order={2} size="h3" id="marketplace-datasets">
        {t("Data sets")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("Sample data to try imports, charts and maps with.")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {datasets.data.datasets.map((dataset) => (
          <DatasetCard key={dataset.id} dataset={dataset} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /marketplace/services: every service the instance offers, the templates and the data sets. */
export function MarketplacePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader
        title={t("Marketplace")}
        description={t("Services you can add to your account, paid from its balance.")}
        actions={
          <>
            <Button component={Link} to="/templates/forms" variant="default">
              {t("Form templates")}
            </Button>
            <Button component={Link} to="/account/billing" variant="default">
              {t("Billing")}
            </Button>
          </>
        }
      />
      <ServiceGrid only="all" />
      <DatasetGrid />
    </Stack>
  );
}

/** account/services: the services this account has now. */
export function AccountServicesPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader
        title={t("Your services")}
        actions={
          <Button component={Link} to="/marketplace/services">
            {t("Open the marketplace")}
          </Button>
        }
      />
      <ServiceGrid only="current" />
    </Stack>
  );
}
