import { fileRefsOf } from "@formloom/core/field-types/file-like";
import { isMediaQuestionType } from "@formloom/core/media-questions";
import { Alert, Badge, Group, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccessDenied, isDenied } from "../../../../components/access-denied.tsx";
import { QueryState } from "../../../../components/query-state.tsx";
import { useFormat } from "../../../../i18n/format.ts";
import { AnchorLink, BackLink } from "../../../../lib/router-links.tsx";
import { useForm } from "../../../forms/api/get-form.ts";
import { useAnswerByNumber } from "../../api/get-answers.ts";
import { useVideoQuestionAnswers } from "../../api/video-questions.ts";
import { RecordingPlayer } from "./recording-player.tsx";
import { questionName } from "./video-questions-tab.tsx";

const route = getRouteApi("/layout/account/forms/$id/results/$resId/video-questions/$fieldId");
const PAGE_SIZE = 10;

/**
 * results/:res_id/video-questions/:field_id: one video or audio question, this submission's
 * recording first, then every submission's, newest first, a page at a time, each with a way
 * to its submission.
 */
export function VideoQuestionPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { id, resId, fieldId } = route.useParams();
  const [page, setPage] = useState(1);
  const { data: form } = useForm(id);
  const answer = useAnswerByNumber(id, resId);
  const all = useVideoQuestionAnswers(id, fieldId, page, PAGE_SIZE);
  const field = form?.fields.find((element) => element.id === fieldId);
  const name = field ? questionName(field) : "";
  const own = fileRefsOf(answer.data?.answers.find((given) => given.fieldId === fieldId)?.answer) ?? [];
  const back = (
    <BackLink to="/forms/$id/results/$resId" params={{ id, resId }} search={{ tab: "video-questions" }}>
      {t("Back to submission #{{id}}", { id: resId })}
    </BackLink>
  );
  if (isDenied(all.error)) return <AccessDenied back={back} />;
  if (form && (!field || !isMediaQuestionType(field.fieldType)))
    return (
      <Stack>
        {back}
        <Alert color="gray" role="alert">
          {t("This form has no video or audio question here.")}
        </Alert>
      </Stack>
    );
  const pages = Math.ceil((all.data?.total ?? 0) / PAGE_SIZE);
  return (
    <Stack gap="lg">
      {back}
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t("Video question")}
        </Text>
        <Title order={2} size="h3">
          {name}
        </Title>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="vq-own">
        <Title order={3} size="h5" id="vq-own">
          {t("Submission #{{id}}", { id: resId })}
        </Title>
        {own.length > 0 ? (
          own.map((file, index) => (
            <RecordingPlayer key={file.id ?? index} file={file} label={`${name} · #${resId}`} />
          ))
        ) : (
          <Text size="sm" c="dimmed">
            {answer.isPending ? t("Loading…") : t("This submission did not answer this question.")}
          </Text>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="vq-all">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h5" id="vq-all">
            {t("Every answer to this question")}
          </Title>
          {all.data && <Badge variant="light">{format.number(all.data.total)}</Badge>}
        </Group>
        <QueryState
          isPending={all.isPending}
          error={all.error}
          empty={
            all.data?.total === 0 && <Text c="dimmed">{t("No submission answered this question yet.")}</Text>
          }
        >
          {() => (
            <Stack gap="md">
              {all.data?.answers.map((item) => (
                <Paper
                  key={item.file.id}
                  withBorder
                  p="sm"
                  component="article"
                  aria-label={`#${item.number}`}
                >
                  <Stack gap="xs">
                    <Group gap="xs" justify="space-between">
                      {item.number !== null ? (
                        <AnchorLink
                          to="/forms/$id/results/$resId"
                          params={{ id, resId: item.number }}
                          search={{ tab: "video-questions" }}
                          fw={600}
                        >
                          {t("Submission #{{id}}", { id: item.number })}
                        </AnchorLink>
                      ) : (
                        <Text fw={600}>{t("Submission")}</Text>
                      )}
                      <Text size="sm" c="dimmed">
                        {format.dateTimeSeconds(item.submitTime)}
                      </Text>
                    </Group>
                    <RecordingPlayer file={item.file} label={`${name} · #${item.number ?? ""}`} />
                  </Stack>
                </Paper>
              ))}
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({
                    "aria-label": control === "previous" ? t("Previous page") : t("Next page"),
                  })}
                />
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Stack>
  );
}
