import { Group, Pagination, SegmentedControl, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccessDenied, isDenied } from "../../../components/access-denied.tsx";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { IconAction } from "../../../components/icon-action.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { notifyError } from "../../../lib/notify.ts";
import { AnchorLink, BackLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import {
  type InteractionParams,
  useDeletePageInteraction,
  usePageInteractions,
} from "../api/page-interactions.ts";

const route = getRouteApi("/layout/account/forms/$id/page-interactions");
const PAGE_SIZE = 20;

/**
 * :id/page-interactions: the visits to the form's page (PID, start, end, duration, user, the
 * submission it ended in), a page at a time, within dates, answered or not, oldest or newest first.
 */
export function PageInteractionsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const can = useCan();
  const { id } = route.useParams();
  const [page, setPage] = useState(1);
  const [params, setParams] = useState<InteractionParams>({
    show: "all",
    order: "desc",
    dateFrom: "",
    dateTo: "",
  });
  const { data, isPending, error } = usePageInteractions(id, page, PAGE_SIZE, params);
  const remove = useDeletePageInteraction(id);
  const change = (patch: Partial<InteractionParams>) => {
    setParams((now) => ({ ...now, ...patch }));
    setPage(1);
  };
  if (isDenied(error))
    return (
      <AccessDenied
        back={
          <BackLink to="/forms/$id/overview" params={{ id }}>
            {t("Back to the form")}
          </BackLink>
        }
      />
    );
  const confirmDelete = (pid: string) =>
    confirmDanger({
      title: t("Delete this page interaction?"),
      message: t("Its recorded behaviour is forgotten; a submission it ended in stays."),
      onConfirm: () =>
        remove.mutate(pid, {
          // Whatever the reason, the reader is told in the spec's words.
          onError: (failure) =>
            notifyError(
              new ApiError(failure instanceof ApiError ? failure.status : 500, {
                code: "page_interaction.delete_failed",
                message: "",
              }),
            ),
        }),
    });

  return (
    <Stack>
      <Group wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t("Show")}
          value={params.show}
          onChange={(value) => change({ show: value as InteractionParams["show"] })}
          data={[
            { value: "all", label: t("All") },
            { value: "answered", label: t("With a submission") },
            { value: "unanswered", label: t("Without a submission") },
          ]}
        />
        <TextInput
          type="date"
          label={t("From")}
          value={params.dateFrom}
          onChange={(event) => change({ dateFrom: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t("To")}
          value={params.dateTo}
          onChange={(event) => change({ dateTo: event.currentTarget.value })}
        />
        <Select
          label={t("Order")}
          value={params.order}
          allowDeselect={false}
          onChange={(value) => change({ order: value === "asc" ? "asc" : "desc" })}
          data={[
            { value: "desc", label: t("Newest first") },
            { value: "asc", label: t("Oldest first") },
          ]}
          w={160}
        />
      </Group>
      <QueryState
        isPending={isPending}
        error={error}
        empty={data?.total === 0 && <Text c="dimmed">{t("No visits to this form were recorded.")}</Text>}
      >
        {() =>
          data && (
            <Stack>
              <Table.ScrollContainer minWidth={760}>
                <Table withRowBorders striped aria-label={t("Page interactions")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("PID")}</Table.Th>
                      <Table.Th>{t("Start")}</Table.Th>
                      <Table.Th>{t("End")}</Table.Th>
                      <Table.Th ta="right">{t("Duration")}</Table.Th>
                      <Table.Th>{t("User")}</Table.Th>
                      <Table.Th>{t("Answer")}</Table.Th>
                      <Table.Th w={50} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.interactions.map((item) => (
                      <Table.Tr key={item.pid}>
                        <Table.Td style={{ overflowWrap: "anywhere" }} ff="monospace" fz="xs">
                          {item.pid}
                        </Table.Td>
                        <Table.Td>{format.dateTimeSeconds(item.start)}</Table.Td>
                        <Table.Td>{format.dateTimeSeconds(item.end)}</Table.Td>
                        <Table.Td ta="right">{format.duration(item.duration)}</Table.Td>
                        <Table.Td>{item.user ?? t("Anonymous")}</Table.Td>
                        <Table.Td>
                          {item.answer ? (
                            <AnchorLink
                              to="/forms/$id/results/$resId"
                              params={{ id, resId: item.answer.number ?? item.answer.id }}
                            >
                              #{item.answer.number ?? item.answer.id}
                            </AnchorLink>
                          ) : (
                            "—"
                          )}
                        </Table.Td>
                        <Table.Td>
                          {can("results.delete") && (
                            <IconAction
                              label={t("Delete")}
                              ariaLabel={t("Delete the page interaction {{pid}}", { pid: item.pid })}
                              color="red"
                              onClick={() => confirmDelete(item.pid)}
                            >
                              <IconTrash size={16} />
                            </IconAction>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {data.total > PAGE_SIZE && (
                <Group justify="center">
                  <Pagination total={Math.ceil(data.total / PAGE_SIZE)} value={page} onChange={setPage} />
                </Group>
              )}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
