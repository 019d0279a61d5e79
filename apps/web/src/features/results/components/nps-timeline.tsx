import {
  Badge,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { isNoData, type NpsTimelineParams, useNpsFields, useNpsTimeline } from "../api/get-nps-timeline.ts";

const PAGE_SIZES = ["10", "20", "50", "100"];
const GROUP_COLOURS = { promoter: "teal", passive: "gray", detractor: "red" } as const;

/**
 * The NPS view's timeline: each NPS answer, newest first, with its group, a page of itemsPerPage
 * at a time. A 400 or 500 (no NPS question, or the server failed) is the no-data state.
 */
export function NpsTimeline({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: npsFields } = useNpsFields(formId);
  const [params, setParams] = useState<NpsTimelineParams>({ page: 1, itemsPerPage: 20 });
  const timeline = useNpsTimeline(formId, params);
  const groupLabels = { promoter: t("Promoter"), passive: t("Passive"), detractor: t("Detractor") };
  // The no-data state clears what an earlier page showed.
  const data = timeline.error ? undefined : timeline.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.itemsPerPage)) : 1;
  const fields = npsFields?.fields ?? [];

  const body = (() => {
    if (timeline.isPending) {
      return (
        <Center p="xl">
          <Loader />
        </Center>
      );
    }
    if (timeline.error && !isNoData(timeline.error)) {
      return (
        <Text c="red" role="alert">
          {t("Something went wrong")}
        </Text>
      );
    }
    if (!data || data.total === 0) {
      return (
        <Text c="dimmed" data-testid="nps-no-data">
          {t("No data found")}
        </Text>
      );
    }
    return (
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label={t("NPS answers")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Submitted")}</Table.Th>
              <Table.Th>{t("Score")}</Table.Th>
              <Table.Th>{t("NPS group")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((item) => (
              <Table.Tr key={item.answerId}>
                <Table.Td>{format.dateTime(item.submitTime)}</Table.Td>
                <Table.Td>{format.number(item.value)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={GROUP_COLOURS[item.group]}>
                    {groupLabels[item.group]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  })();

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {t("NPS timeline")}
          </Title>
          {fields.length > 1 && (
            <Select
              aria-label={t("NPS question")}
              size="xs"
              w={260}
              allowDeselect={false}
              data={fields.map((field) => ({ value: field.id, label: field.title }))}
              value={params.npsId ?? fields[0]?.id ?? null}
              onChange={(npsId) => setParams((p) => ({ ...p, npsId: npsId ?? undefined, page: 1 }))}
            />
          )}
        </Group>
        {body}
        {data && data.total > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t("{{count}} answers", { count: data.total })}
            </Text>
            <Group gap="sm">
              <Select
                aria-label={t("Answers per page")}
                w={90}
                size="xs"
                data={PAGE_SIZES}
                value={String(params.itemsPerPage)}
                allowDeselect={false}
                onChange={(value) => setParams((p) => ({ ...p, itemsPerPage: Number(value ?? 20), page: 1 }))}
              />
              <Pagination
                size="sm"
                total={pages}
                value={params.page}
                onChange={(page) => setParams((p) => ({ ...p, page }))}
                getControlProps={(control) => ({
                  "aria-label": control === "next" ? t("Next page") : t("Previous page"),
                })}
              />
            </Group>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
