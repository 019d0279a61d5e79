import type { TAnswerView } from "@formloom/core/api/answers";
import { isAnswerable } from "@formloom/core/field-registry";
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconMail, IconMailOpened, IconTrash } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccessDenied, isDenied } from "../../../components/access-denied.tsx";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { notifyError } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { useForm } from "../../forms/api/get-form.ts";
import { useDeleteAnswers } from "../api/delete-answers.ts";
import { type AnswerPageParams, useAnswers } from "../api/get-answers.ts";
import { useSetAnswersViewed } from "../api/set-answers-viewed.ts";
import { AnswerDrawer } from "./answer-drawer.tsx";

const route = getRouteApi("/layout/account/forms/$id/results");
const PAGE_SIZES = ["10", "25", "50", "100"];

export function ResultsPage() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const { data: form } = useForm(id);
  const [params, setParams] = useState<AnswerPageParams>({
    page: 1,
    size: 25,
    sortBy: "submitTime",
    order: "desc",
  });
  const { data, isPending, error } = useAnswers(id, params);
  const setViewed = useSetAnswersViewed(id);
  const remove = useDeleteAnswers(id);
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const can = useCan();
  const format = useFormat();

  // With access to selected fields only, the other fields are not columns at all.
  const visible = data?.visibleFieldIds ?? null;
  const fields = (form?.fields ?? []).filter((field) => visible === null || visible.includes(field.id));
  const columns = fields.filter(isAnswerable).sort((a, b) => a.fieldOrder - b.fieldOrder);
  const scored = form?.form.type === "calculation" && visible === null;
  const mayMark = can("results.mark");
  const mayDelete = can("results.delete") && visible === null;
  const rows = data?.answerList ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / params.size));
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));

  const change = (patch: Partial<AnswerPageParams>) => {
    setParams((p) => ({ ...p, page: 1, ...patch }));
    setSelected([]);
  };
  const onError = notifyError;
  const mark = (answerIds: number[], viewed: boolean) =>
    setViewed.mutate({ answerIds, viewed }, { onError, onSuccess: () => setSelected([]) });

  const open = (answer: TAnswerView) => {
    setOpened(answer.id);
    if (!answer.isViewed && mayMark) mark([answer.id], true);
  };

  const confirmDelete = () =>
    confirmDanger({
      title: t("Delete {{count}} submissions?", { count: selected.length }),
      message: t("Deleted submissions cannot be restored."),
      onConfirm: () => remove.mutate(selected, { onError, onSuccess: () => setSelected([]) }),
    });

  const sortHeader = (label: string, key: AnswerPageParams["sortBy"]) => (
    <UnstyledButton
      onClick={() =>
        change({ sortBy: key, order: params.sortBy === key && params.order === "desc" ? "asc" : "desc" })
      }
      aria-label={t("Sort by {{column}}", { column: label })}
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={700}>
          {label}
        </Text>
        {params.sortBy === key &&
          (params.order === "desc" ? <IconArrowDown size={14} /> : <IconArrowUp size={14} />)}
      </Group>
    </UnstyledButton>
  );

  if (isDenied(error)) {
    return (
      <AccessDenied
        back={
          <BackLink to="/forms/$id/overview" params={{ id }}>
            {t("Back to the form")}
          </BackLink>
        }
      />
    );
  }

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={params.isViewed ?? "all"}
          onChange={(value) =>
            change({ isViewed: value === "all" ? undefined : (value as "true" | "false") })
          }
          data={[
            { value: "all", label: t("All") },
            { value: "false", label: t("Unread") },
            { value: "true", label: t("Read") },
          ]}
        />
        <Group gap="xs">
          {visible !== null && (
            <Badge variant="light" color="blue" size="lg">
              {t("You see the fields your group may see")}
            </Badge>
          )}
          {mayMark && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconMailOpened size={14} />}
              disabled={selected.length === 0}
              onClick={() => mark(selected, true)}
            >
              {t("Mark as read")}
            </Button>
          )}
          {mayMark && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconMail size={14} />}
              disabled={selected.length === 0}
              onClick={() => mark(selected, false)}
            >
              {t("Mark as unread")}
            </Button>
          )}
          {mayDelete && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              disabled={selected.length === 0}
              onClick={confirmDelete}
            >
              {t("Delete")}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder>
        <QueryState
          isPending={isPending}
          error={error}
          empty={
            rows.length === 0 && (
              <Text c="dimmed" ta="center" p="xl">
                {params.isViewed
                  ? t("No submissions match this filter")
                  : t("No submissions yet. Share the form's link to collect answers.")}
              </Text>
            )
          }
        >
          {() => (
            <Table.ScrollContainer minWidth={Math.max(640, 260 + columns.length * 180)}>
              <Table highlightOnHover verticalSpacing="xs" aria-label={t("Submissions")}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t("Select all")}
                        checked={allSelected}
                        indeterminate={!allSelected && selected.length > 0}
                        onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
                      />
                    </Table.Th>
                    <Table.Th>{sortHeader("#", "id")}</Table.Th>
                    <Table.Th>{sortHeader(t("Submitted"), "submitTime")}</Table.Th>
                    <Table.Th>{sortHeader(t("Time"), "formPassingTime")}</Table.Th>
                    {scored && <Table.Th>{sortHeader(t("Score"), "score")}</Table.Th>}
                    <Table.Th>{t("Status")}</Table.Th>
                    {columns.map((field) => (
                      <Table.Th key={field.id} style={{ maxWidth: 240 }}>
                        <Text size="sm" fw={700} lineClamp={2}>
                          {field.question}
                        </Text>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((answer) => (
                    <Table.Tr
                      key={answer.id}
                      onClick={() => open(answer)}
                      style={{ cursor: "pointer", fontWeight: answer.isViewed ? undefined : 600 }}
                      data-unread={!answer.isViewed || undefined}
                    >
                      <Table.Td onClick={(e) => e.stopPropagation()}>
                        <Checkbox
                          aria-label={t("Select submission {{id}}", { id: answer.id })}
                          checked={selected.includes(answer.id)}
                          onChange={(e) => {
                            const on = e.currentTarget.checked;
                            setSelected((s) => (on ? [...s, answer.id] : s.filter((x) => x !== answer.id)));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>{answer.id}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        {format.dateTime(answer.submitTime)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        {answer.formPassingTime === null ? "—" : format.duration(answer.formPassingTime)}
                      </Table.Td>
                      {scored && <Table.Td>{answer.score ?? "—"}</Table.Td>}
                      <Table.Td>
                        <Badge size="sm" variant="light" color={answer.isViewed ? "gray" : "blue"}>
                          {answer.isViewed ? t("Read") : t("Unread")}
                        </Badge>
                      </Table.Td>
                      {columns.map((field) => {
                        const given = answer.answers.find((a) => a.fieldId === field.id);
                        return (
                          <Table.Td key={field.id} style={{ maxWidth: 240 }}>
                            <Text size="sm" lineClamp={2} fw="inherit">
                              {given ? format.answer(field, given.answer) : ""}
                            </Text>
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
        <Group justify="space-between" p="sm">
          <Text size="sm" c="dimmed">
            {t("{{count}} submissions", { count: data?.total ?? 0 })}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t("Rows per page")}
              w={90}
              size="xs"
              data={PAGE_SIZES}
              value={String(params.size)}
              allowDeselect={false}
              onChange={(value) => change({ size: Number(value ?? 25) })}
            />
            <Pagination
              size="sm"
              total={pages}
              value={params.page}
              onChange={(page) => setParams((p) => ({ ...p, page }))}
            />
          </Group>
        </Group>
      </Paper>
      <AnswerDrawer
        formId={id}
        answerId={opened}
        fields={form?.fields ?? []}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
