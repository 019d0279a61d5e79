import type { TAnswerView } from "@formloom/core/api/answers";
import type { TAnswerFilters } from "@formloom/core/api/results-table";
import { holdsValue } from "@formloom/core/field-registry";
import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconColumns,
  IconFileExport,
  IconFilter,
  IconMail,
  IconMailOpened,
  IconTrash,
} from "@tabler/icons-react";
import { getRouteApi, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AccessDenied, isDenied } from "../../../components/access-denied.tsx";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { notifyError } from "../../../lib/notify.ts";
import { AnchorLink, BackLink } from "../../../lib/router-links.tsx";
import { useCan, useUser } from "../../auth/api/get-user.ts";
import { NpsPanel } from "../../charts/components/nps-panel.tsx";
import { useForm } from "../../forms/api/get-form.ts";
import { useDeleteAnswers } from "../api/delete-answers.ts";
import { ALL_ROWS, type AnswerPageParams, useAnswerCount, useAnswers } from "../api/get-answers.ts";
import { useResultsColumns, useSaveResultsColumns } from "../api/results-notes.ts";
import { useSetAnswersViewed } from "../api/set-answers-viewed.ts";
import { dayRange } from "../day-range.ts";
import { AnswerDrawer } from "./answer-drawer.tsx";
import { arrangeColumns, type Column, ColumnSettings } from "./column-settings.tsx";
import { ExportDialog, useExportDialog } from "./export-dialog.tsx";
import { NpsTimeline } from "./nps-timeline.tsx";
import { completeFilters, ResultsFilters } from "./results-filters.tsx";
import { StatisticsPanel } from "./statistics-panel.tsx";
import { SubmissionsTable } from "./submissions-table.tsx";

const formRoute = getRouteApi("/layout/account/forms/$id");

/** The results' views, each at an address of its own (forms.md: results general, summary, nps). */
type ResultsView = "responses" | "statistics" | "nps";
const VIEW_PATHS = {
  responses: "/forms/$id/results",
  statistics: "/forms/$id/results/summary",
  nps: "/forms/$id/results/nps",
} as const;

/** The results' summary: every question's figures and charts. */
export function ResultsSummaryPage() {
  return <ResultsPage view="statistics" />;
}

/** The results' NPS, with its charts over time. */
export function ResultsNpsPage() {
  return <ResultsPage view="nps" />;
}
const PAGE_SIZES = ["10", "25", "50", "100"];
const ALL = "all";
const FIRST_PAGE: AnswerPageParams = { page: 1, size: 25, sortBy: "number", order: "desc" };
/**
 * How the responses were last shown, per form, while the app stays open: the summary and NPS views
 * are pages of their own, and coming back from them finds the same table (not the first page).
 */
const keptViews = new Map<number, Omit<AnswerPageParams, "page" | "after">>();

export function ResultsPage({ view = "responses" }: { view?: ResultsView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = formRoute.useParams();
  // The dashboard's calendar opens one day's submissions (the responses' own search).
  const { day } = useSearch({ strict: false }) as { day?: string };
  const { data: user } = useUser();
  const { data: form } = useForm(id);
  const [params, setParams] = useState<AnswerPageParams>(() =>
    day ? { ...FIRST_PAGE, filters: dayRange(day, user?.timezone) } : { ...FIRST_PAGE, ...keptViews.get(id) },
  );
  useEffect(() => {
    const { page: _page, after: _after, ...view } = params;
    keptViews.set(id, view);
  }, [id, params]);
  const [showFilters, setShowFilters] = useState(day !== undefined || params.filters !== undefined);
  // Another day asked for while the page is open (the dashboard's calendar, back and forward).
  const shownDay = useRef(day);
  useEffect(() => {
    if (day === shownDay.current) return;
    shownDay.current = day;
    setParams((p) => ({
      ...p,
      page: 1,
      after: undefined,
      filters: day ? dayRange(day, user?.timezone) : undefined,
    }));
    if (day) setShowFilters(true);
  }, [day, user?.timezone]);
  const [configuring, setConfiguring] = useState(false);
  const { data: savedLayout } = useResultsColumns(id);
  const saveLayout = useSaveResultsColumns(id);
  const { data, isPending, error } = useAnswers(id, params);
  const counted = useAnswerCount(id, params);
  // A filtered page leaves its total to the count unless it could tell it (its last page).
  const total = data?.total ?? counted.data?.total ?? null;
  const setViewed = useSetAnswersViewed(id);
  const remove = useDeleteAnswers(id);
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const exporting = useExportDialog();
  const can = useCan();

  // With access to selected fields only, the other fields are not columns at all.
  const visible = data?.visibleFieldIds ?? null;
  const fields = (form?.fields ?? []).filter((field) => visible === null || visible.includes(field.id));
  const columns = fields.filter(holdsValue).sort((a, b) => a.fieldOrder - b.fieldOrder);
  const scored = form?.form.type === "calculation" && visible === null;
  const mayMark = can("results.mark");
  const mayDelete = can("results.delete") && visible === null;
  const rows = data?.answerList ?? [];
  // Fillings not sent yet that the server kept: listed apart, each with where it stopped.
  const partial = params.status === "partial";
  const emptyText = partial
    ? t("No partial responses yet")
    : t("No submissions yet. Share the form's link to collect answers.");
  const countText = (count: number) =>
    partial ? t("{{count}} partial responses", { count }) : t("{{count}} submissions", { count });
  // While a filter is being counted, the pages known so far: up to this one, and the next if any.
  const pages = Math.max(
    1,
    params.size === ALL_ROWS
      ? 1
      : total === null
        ? params.page + (data?.nextCursor ? 1 : 0)
        : Math.ceil(total / params.size),
  );
  const filterCount = Object.keys(completeFilters(params.filters ?? {})).length;
  const completedKeys = [
    "number",
    "submitTime",
    "formPassingTime",
    ...(scored ? ["score", "result"] : []),
    "tags",
    "status",
  ];
  const fixedKeys = partial ? ["stoppedAt", "submitTime"] : completedKeys;
  const fixedLabels: Record<string, string> = {
    number: "#",
    stoppedAt: t("Stopped at"),
    submitTime: partial ? t("Last saved") : t("Submitted"),
    formPassingTime: t("Time"),
    score: t("Score"),
    result: t("Result"),
    tags: t("Tags"),
    status: t("Status"),
  };
  const labelOf = (key: string) => fixedLabels[key] ?? columns.find((f) => f.id === key)?.question ?? key;
  const arranged = arrangeColumns(savedLayout?.columns ?? [], [...fixedKeys, ...columns.map((f) => f.id)]);
  const shownColumns = arranged.filter((column) => column.visible);
  // On a phone only the first columns fit: the number, then the answers, then the rest.
  const phone = useMediaQuery("(max-width: 47.99em)") ?? false;
  const isAnswer = (column: Column) => columns.some((field) => field.id === column.key);
  const drawnColumns = phone
    ? [
        ...shownColumns.filter((column) => column.key === "number" || column.key === "stoppedAt"),
        ...shownColumns.filter(isAnswer),
        ...shownColumns.filter(
          (column) => column.key !== "number" && column.key !== "stoppedAt" && !isAnswer(column),
        ),
      ]
    : shownColumns;
  const sortKeys: Record<string, AnswerPageParams["sortBy"]> = {
    ...Object.fromEntries(columns.map((field) => [field.id, `answer:${field.id}` as const])),
    number: "number",
    submitTime: "submitTime",
    formPassingTime: "formPassingTime",
    score: "score",
  };
  // The results this form's submissions get: passed or failed, or one of its gradations.
  const resultType = form?.form.resultType;
  const results =
    resultType === "passed_failed"
      ? [
          { value: "passed", label: t("Passed") },
          { value: "failed", label: t("Failed") },
        ]
      : resultType === "gradations"
        ? (form?.form.resultsHandlingGradation ?? []).map((g, i) => ({
            value: g.id,
            label: g.briefResultGradation || t("Gradation {{n}}", { n: i + 1 }),
          }))
        : [];
  const openedIndex = rows.findIndex((r) => r.id === opened);

  const change = (patch: Partial<AnswerPageParams>) => {
    setParams((p) => ({ ...p, page: 1, after: undefined, ...patch }));
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

  const viewSwitch = (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label={t("Results view")}
        value={view}
        onChange={(value) => void navigate({ to: VIEW_PATHS[value as ResultsView], params: { id } })}
        data={[
          { value: "responses", label: t("Responses") },
          { value: "statistics", label: t("Statistics") },
          ...(columns.some((field) => field.fieldType === "nps") ? [{ value: "nps", label: t("NPS") }] : []),
        ]}
      />
      <AnchorLink to="/forms/$id/results/behavior-patterns" params={{ id }} size="sm">
        {t("Behavior patterns")}
      </AnchorLink>
    </Group>
  );
  if (view === "nps") {
    return (
      <Stack>
        {viewSwitch}
        <NpsPanel formId={id} />
        <NpsTimeline formId={id} />
      </Stack>
    );
  }
  if (view === "statistics") {
    return (
      <Stack>
        {viewSwitch}
        <StatisticsPanel formId={id} hasNps={fields.some((field) => field.fieldType === "nps")} />
      </Stack>
    );
  }

  return (
    <Stack>
      {viewSwitch}
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label={t("Completed or partial responses")}
            value={params.status ?? "completed"}
            onChange={(value) =>
              change({ status: value === "partial" ? "partial" : undefined, isViewed: undefined })
            }
            data={[
              { value: "completed", label: t("Completed") },
              { value: "partial", label: t("Partial") },
            ]}
          />
          <SegmentedControl
            display={partial ? "none" : undefined}
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
          <Button
            size="xs"
            variant={showFilters ? "light" : "default"}
            leftSection={<IconFilter size={14} />}
            rightSection={filterCount > 0 ? <Badge size="xs">{filterCount}</Badge> : undefined}
            aria-expanded={showFilters}
            onClick={() => setShowFilters((v) => !v)}
          >
            {t("Filters")}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconColumns size={14} />}
            onClick={() => setConfiguring(true)}
          >
            {t("Columns")}
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileExport size={14} />}
            disabled={total === 0 || (total === null && rows.length === 0)}
            display={partial ? "none" : undefined}
            onClick={exporting.open}
          >
            {t("Export")}
          </Button>
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
              display={partial ? "none" : undefined}
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
              display={partial ? "none" : undefined}
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
              display={partial ? "none" : undefined}
              onClick={confirmDelete}
            >
              {t("Delete")}
            </Button>
          )}
        </Group>
      </Group>
      {showFilters && (
        <ResultsFilters
          key={day ?? ""}
          fields={columns}
          scored={scored}
          results={results}
          value={params.filters ?? {}}
          onChange={(filters: TAnswerFilters) =>
            change({ filters: Object.keys(filters).length > 0 ? filters : undefined })
          }
        />
      )}
      <Paper withBorder>
        <QueryState
          isPending={isPending}
          error={error}
          empty={
            rows.length === 0 && (
              <Text c="dimmed" ta="center" p="xl">
                {params.isViewed || filterCount > 0 ? t("No submissions match this filter") : emptyText}
              </Text>
            )
          }
        >
          {() => (
            <SubmissionsTable
              rows={rows}
              columns={drawnColumns}
              fields={columns}
              labelOf={labelOf}
              sort={{ by: params.sortBy, order: params.order, keys: sortKeys }}
              onSort={(sortBy, order) => change({ sortBy, order })}
              selected={selected}
              onSelect={setSelected}
              onOpen={partial ? () => undefined : open}
            />
          )}
        </QueryState>
        <Group justify="space-between" p="sm">
          <Text size="sm" c="dimmed">
            {total === null ? t("Counting submissions…") : countText(total)}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t("Rows per page")}
              w={90}
              size="xs"
              data={[...PAGE_SIZES, { value: ALL, label: t("All") }]}
              value={params.size === ALL_ROWS ? ALL : String(params.size)}
              allowDeselect={false}
              onChange={(value) => change({ size: value === ALL ? ALL_ROWS : Number(value ?? 25) })}
            />
            <Pagination
              size="sm"
              total={pages}
              value={params.page}
              onChange={(page) =>
                // The next page reads on from this one's last row; any other page is counted to.
                setParams((p) => ({
                  ...p,
                  page,
                  after: page === p.page + 1 ? (data?.nextCursor ?? undefined) : undefined,
                }))
              }
            />
          </Group>
        </Group>
      </Paper>
      <ExportDialog
        formId={id}
        formTitle={form?.form.title ?? ""}
        view={{
          filters: completeFilters(params.filters ?? {}),
          ...(params.isViewed ? { isViewed: params.isViewed } : {}),
          sortBy: params.sortBy,
          order: params.order,
          columns: shownColumns
            .map((column) => column.key)
            .filter((key) => columns.some((f) => f.id === key)),
        }}
        {...exporting.props}
      />
      <ColumnSettings
        opened={configuring}
        columns={arranged}
        labelOf={labelOf}
        saving={saveLayout.isPending}
        onClose={() => setConfiguring(false)}
        onSave={(next) => saveLayout.mutate(next, { onError, onSuccess: () => setConfiguring(false) })}
      />
      <AnswerDrawer
        formId={id}
        answerId={opened}
        fields={form?.fields ?? []}
        removed={form?.removedFields ?? []}
        onClose={() => setOpened(null)}
        onStep={(answerId) => {
          const answer = rows.find((r) => r.id === answerId);
          if (answer) open(answer);
        }}
        prevId={openedIndex > 0 ? rows[openedIndex - 1]!.id : null}
        nextId={openedIndex >= 0 && openedIndex < rows.length - 1 ? rows[openedIndex + 1]!.id : null}
        mayEdit={mayMark}
        scored={scored}
      />
    </Stack>
  );
}
