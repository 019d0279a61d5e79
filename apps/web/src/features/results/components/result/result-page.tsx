import { Alert, Button, Group, Stack, Tabs, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AccessDenied, isDenied } from "../../../../components/access-denied.tsx";
import { confirmDanger } from "../../../../components/confirm-danger.tsx";
import { QueryState } from "../../../../components/query-state.tsx";
import { api } from "../../../../lib/api-client.ts";
import { errorText } from "../../../../lib/error-text.ts";
import { notifyError } from "../../../../lib/notify.ts";
import { BackLink } from "../../../../lib/router-links.tsx";
import { useCan } from "../../../auth/api/get-user.ts";
import { useForm } from "../../../forms/api/get-form.ts";
import { useAnswer } from "../../api/get-answers.ts";
import { usePrevNext } from "../../api/get-single-result.ts";
import { useSetAnswersViewed } from "../../api/set-answers-viewed.ts";
import { AnswerView } from "../answer-view.tsx";
import { RESULT_TABS, type ResultTab } from "./result-tab-names.ts";
import {
  ActivityTab,
  AdditionalTab,
  CalculationsTab,
  NothingCollected,
  VisualizationsTab,
} from "./result-tabs.tsx";

const route = getRouteApi("/layout/account/forms/$id/results/$resId");

/** Whether arrows already mean something where the key was pressed: moving the caret, or between tabs. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    target.closest("[role=tablist]") !== null);

/** One submission as its own page: its answers and sub-pages, with the neighbours a click or an arrow key away. */
export function ResultPage() {
  const { t } = useTranslation();
  const { id, resId } = route.useParams();
  const { tab = "view" } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const { data: form } = useForm(id);
  const answer = useAnswer(id, resId);
  const { data: around } = usePrevNext(id, resId);
  const setViewed = useSetAnswersViewed(id);
  const scored = form?.form.type === "calculation";
  const mayDelete = can("results.delete") && answer.data?.visibleFieldIds === null;

  // The tab stays open while stepping; the view is the page's plain address.
  const keptTab = tab === "view" ? {} : { tab };
  const go = (target: number | null | undefined) => {
    if (target)
      void navigate({ to: "/forms/$id/results/$resId", params: { id, resId: target }, search: keptTab });
  };
  const step = useRef(go);
  step.current = go;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target))
        return;
      if (document.querySelector("[aria-modal=true]")) return;
      if (event.key === "ArrowLeft") step.current(around?.prev);
      if (event.key === "ArrowRight") step.current(around?.next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [around]);

  // Reading a submission on its page marks it read, as opening it in the table does.
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (answer.data && !answer.data.isViewed && can("results.mark") && marked.current !== resId) {
      marked.current = resId;
      setViewed.mutate({ answerIds: [resId], viewed: true });
    }
  }, [answer.data, can, resId, setViewed]);

  // The form's own number, as the table shows it; the id only for a submission stored before numbers.
  const shownNumber = answer.data?.number ?? resId;

  const remove = useMutation({
    mutationFn: () => api<{ deleted: number }>("DELETE", `/forms/${id}/answer`, { answerIds: [resId] }),
    onSuccess: async () => {
      // On to the next older submission; after the oldest, back to the list.
      const target = around?.next ?? null;
      if (target)
        await navigate({ to: "/forms/$id/results/$resId", params: { id, resId: target }, search: keptTab });
      else await navigate({ to: "/forms/$id/results", params: { id } });
      queryClient.removeQueries({ queryKey: ["forms", id, "answer", resId] });
      await queryClient.invalidateQueries({ queryKey: ["forms"] });
    },
    onError: notifyError,
  });
  const confirmDelete = () =>
    confirmDanger({
      title: t("Delete submission #{{id}}?", { id: shownNumber }),
      message: t("Deleted submissions cannot be restored."),
      onConfirm: () => remove.mutate(),
    });

  const back = (
    <BackLink to="/forms/$id/results" params={{ id }}>
      {t("Back to the results")}
    </BackLink>
  );
  if (isDenied(answer.error)) return <AccessDenied back={back} />;

  const label: Record<ResultTab, string> = {
    view: t("View"),
    calculations: t("Calculations"),
    "additional-info": t("Additional info"),
    "user-activity": t("User activity"),
    visualizations: t("Visualizations"),
    "video-emotions": t("Video emotions"),
    "behavior-pattern": t("Behavior pattern"),
    "user-activity-recording": t("Activity recording"),
    "video-questions": t("Video questions"),
  };
  const props = { formId: id, answerId: resId };
  const panel = (name: ResultTab) => {
    switch (name) {
      case "view":
        return (
          <QueryState isPending={answer.isPending} error={answer.error} empty={false}>
            {() => answer.data && <AnswerView answer={answer.data} fields={form?.fields ?? []} />}
          </QueryState>
        );
      case "calculations":
        return <CalculationsTab {...props} scored={scored} />;
      case "additional-info":
        return <AdditionalTab {...props} />;
      case "user-activity":
        return <ActivityTab {...props} fields={form?.fields ?? []} />;
      case "visualizations":
        return <VisualizationsTab {...props} scored={scored} />;
      default:
        return <NothingCollected what={label[name]} />;
    }
  };

  return (
    <Stack>
      {back}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t("Submission #{{id}}", { id: shownNumber })}
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconChevronLeft size={14} />}
            disabled={!around?.prev}
            onClick={() => go(around?.prev)}
            aria-keyshortcuts="ArrowLeft"
          >
            {t("Previous")}
          </Button>
          <Button
            size="xs"
            variant="default"
            rightSection={<IconChevronRight size={14} />}
            disabled={!around?.next}
            onClick={() => go(around?.next)}
            aria-keyshortcuts="ArrowRight"
          >
            {t("Next")}
          </Button>
          {mayDelete && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              {t("Delete")}
            </Button>
          )}
        </Group>
      </Group>
      {answer.error && !answer.data ? (
        <Alert color="red" role="alert">
          {errorText(answer.error)}
        </Alert>
      ) : (
        <Tabs
          value={tab}
          onChange={(value) =>
            void navigate({
              to: "/forms/$id/results/$resId",
              params: { id, resId },
              search: !value || value === "view" ? {} : { tab: value as ResultTab },
            })
          }
          keepMounted={false}
        >
          <Tabs.List style={{ flexWrap: "wrap" }}>
            {RESULT_TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {label[name]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            {panel(tab)}
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
