import type { TAnswerDetail } from "@formloom/core/api/answers";
import { Alert, Button, Group, Stack, Tabs, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AccessDenied, isDenied } from "../../../../components/access-denied.tsx";
import { confirmDanger } from "../../../../components/confirm-danger.tsx";
import { QueryState } from "../../../../components/query-state.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { errorText } from "../../../../lib/error-text.ts";
import { notifyError } from "../../../../lib/notify.ts";
import { BackLink } from "../../../../lib/router-links.tsx";
import { useCan } from "../../../auth/api/get-user.ts";
import { useForm } from "../../../forms/api/get-form.ts";
import { deleteAnswers } from "../../api/delete-answers.ts";
import { useAnswer, useAnswerByNumber } from "../../api/get-answers.ts";
import { usePrevNext } from "../../api/get-single-result.ts";
import { useSetAnswersViewed } from "../../api/set-answers-viewed.ts";
import { AnswerView } from "../answer-view.tsx";
import { BehaviorPatternTab } from "../behavior/behavior-pattern-tab.tsx";
import { CapturePlayer } from "../capture/capture-player.tsx";
import { VideoEmotionsTab } from "../recognition/video-emotions-tab.tsx";
import { ActivityRecordingTab } from "../replay/activity-recording-tab.tsx";
import { VideoQuestionsTab } from "../video-questions/video-questions-tab.tsx";
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

/**
 * One submission as its own page: its answers and sub-pages, with the neighbours a click or an
 * arrow key away. The address names it by the form's own number (#12), as the results table does.
 */
export function ResultPage() {
  const { t } = useTranslation();
  const { id, resId } = route.useParams();
  const { tab = "view" } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const { data: form } = useForm(id);
  const answer = useAnswerByNumber(id, resId);
  const answerId = answer.data?.id;
  const { data: around } = usePrevNext(id, answerId);
  const setViewed = useSetAnswersViewed(id);
  const scored = form?.form.type === "calculation";
  const mayDelete = can("results.delete") && answer.data?.visibleFieldIds === null;

  // The tab stays open while stepping; the view is the page's plain address.
  const keptTab = tab === "view" ? {} : { tab };
  const go = (target: number | null | undefined, replace = false) => {
    if (target)
      void navigate({
        to: "/forms/$id/results/$resId",
        params: { id, resId: target },
        search: keptTab,
        replace,
      });
  };
  // An address written before pages were numbered names the internal id: when no submission has
  // that number, the one with that id is moved to its number's address.
  const missing = answer.error instanceof ApiError && answer.error.status === 404;
  const old = useAnswer(id, missing ? resId : null);
  const oldNumber = old.data?.number;
  const toNumber = useRef(go);
  toNumber.current = go;
  useEffect(() => toNumber.current(oldNumber, true), [oldNumber]);
  const looking = missing && !old.isError;
  const error = looking ? null : answer.error;
  const step = useRef(go);
  step.current = go;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target))
        return;
      if (document.querySelector("[aria-modal=true]")) return;
      if (event.key === "ArrowLeft") step.current(around?.prevNumber);
      if (event.key === "ArrowRight") step.current(around?.nextNumber);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [around]);

  // Reading a submission on its page marks it read, as opening it in the table does.
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (answer.data && !answer.data.isViewed && can("results.mark") && marked.current !== answer.data.id) {
      marked.current = answer.data.id;
      setViewed.mutate({ answerIds: [answer.data.id], viewed: true });
    }
  }, [answer.data, can, setViewed]);

  const remove = useMutation({
    mutationFn: (target: number) => deleteAnswers(id, [target]),
    onSuccess: async () => {
      // On to the next older submission; after the oldest, back to the list.
      const target = around?.nextNumber ?? null;
      if (target)
        await navigate({ to: "/forms/$id/results/$resId", params: { id, resId: target }, search: keptTab });
      else await navigate({ to: "/forms/$id/results", params: { id } });
      queryClient.removeQueries({ queryKey: ["forms", id, "answer", "number", resId] });
      await queryClient.invalidateQueries({ queryKey: ["forms"] });
    },
    onError: notifyError,
  });
  const confirmDelete = () =>
    confirmDanger({
      title: t("Delete submission #{{id}}?", { id: resId }),
      message: t("Deleted submissions cannot be restored."),
      onConfirm: () => answerId !== undefined && remove.mutate(answerId),
    });

  const back = (
    <BackLink to="/forms/$id/results" params={{ id }}>
      {t("Back to the results")}
    </BackLink>
  );
  if (isDenied(error)) return <AccessDenied back={back} />;

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
  const panel = (name: ResultTab, current: TAnswerDetail) => {
    const props = { formId: id, answerId: current.id };
    switch (name) {
      case "view":
        return (
          <Stack gap="lg">
            <AnswerView answer={current} fields={form?.fields ?? []} removed={form?.removedFields ?? []} />
            {/* The camera saw every question: only a reader of them all is shown it. */}
            {current.visibleFieldIds === null && <CapturePlayer {...props} />}
          </Stack>
        );
      case "calculations":
        return <CalculationsTab {...props} scored={scored} />;
      case "additional-info":
        return <AdditionalTab {...props} />;
      case "user-activity":
        return <ActivityTab {...props} fields={form?.fields ?? []} />;
      case "visualizations":
        return <VisualizationsTab {...props} scored={scored} />;
      case "behavior-pattern":
        return <BehaviorPatternTab {...props} />;
      case "user-activity-recording":
        return <ActivityRecordingTab {...props} mayDelete={mayDelete} />;
      case "video-emotions":
        return <VideoEmotionsTab {...props} />;
      case "video-questions":
        return <VideoQuestionsTab {...props} resId={resId} answer={current} fields={form?.fields ?? []} />;
      default:
        return <NothingCollected what={label[name]} />;
    }
  };

  return (
    <Stack>
      {back}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t("Submission #{{id}}", { id: resId })}
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconChevronLeft size={14} />}
            disabled={!around?.prevNumber}
            onClick={() => go(around?.prevNumber)}
            aria-keyshortcuts="ArrowLeft"
          >
            {t("Previous")}
          </Button>
          <Button
            size="xs"
            variant="default"
            rightSection={<IconChevronRight size={14} />}
            disabled={!around?.nextNumber}
            onClick={() => go(around?.nextNumber)}
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
      {error && !answer.data ? (
        <Alert color="red" role="alert">
          {errorText(error)}
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
            <QueryState isPending={!answer.data} error={null} empty={false}>
              {() => answer.data && panel(tab, answer.data)}
            </QueryState>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
