import type { TFormChainRun } from "@formloom/core/api/form-chains";
import { Alert, Group, Loader, Progress, Stack, Text } from "@mantine/core";
import { IconEdit } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ListTable } from "../../../components/list-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { errorText } from "../../../lib/error-text.ts";
import { AnchorLink, BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useFormChainRuns } from "../api/form-chains.ts";

const viewRoute = getRouteApi("/layout/account/form-chains/$id/view");

/**
 * form-chains/:id/view — the chain's forms and its runs: each respondent's way through the chain,
 * every form's submission linked to its own result page.
 */
export function FormChainViewPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { id } = viewRoute.useParams();
  const { data, error, isPending } = useFormChainRuns(id);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  const { chain, runs } = data;
  const total = chain.items.length;
  return (
    <Stack>
      <BackLink to="/form-chains/all">{t("Form chains")}</BackLink>
      <PageHeader
        title={chain.name}
        description={chain.description || undefined}
        actions={
          <ButtonLink
            to="/form-chains/$id/edit"
            params={{ id }}
            variant="default"
            leftSection={<IconEdit size={16} />}
          >
            {t("Edit")}
          </ButtonLink>
        }
      />
      <Group gap="xs" aria-label={t("Forms of the chain")} role="list">
        {chain.items.map((item, index) => (
          // A read-only list in chain order, where one form may stand twice: its place is its key.
          // biome-ignore lint/suspicious/noArrayIndexKey: the place is the item's identity here
          <Text key={`${index}.${item.formId}`} size="sm" role="listitem">
            {index + 1}.{" "}
            <AnchorLink to="/forms/$id/results" params={{ id: item.formId }}>
              {item.name}
            </AnchorLink>
            {index < total - 1 && " →"}
          </Text>
        ))}
      </Group>
      <ListTable<TFormChainRun>
        rows={runs}
        isPending={false}
        error={null}
        empty={t("Nobody has gone through this chain yet.")}
        rowKey={(run) => run.run}
        columns={[
          {
            title: t("Started"),
            wrap: "never",
            cell: (run) => format.dateTime(run.startedAt),
          },
          {
            title: t("Submissions"),
            wrap: "anywhere",
            cell: (run) => (
              <Stack gap={2}>
                {run.submissions.map((submission) => (
                  <Text key={submission.answerId} size="sm">
                    {submission.position + 1}. {submission.itemName}:{" "}
                    <AnchorLink
                      to="/forms/$id/results/$resId"
                      params={{ id: submission.formId, resId: submission.number ?? submission.answerId }}
                    >
                      {t("Submission {{time}}", { time: format.dateTime(submission.submitTime) })}
                    </AnchorLink>
                  </Text>
                ))}
              </Stack>
            ),
          },
          {
            title: t("Progress"),
            visibleFrom: "sm",
            width: 160,
            cell: (run) => (
              <Stack gap={4}>
                <Text size="xs">
                  {t("{{done}} of {{total}} forms", { done: run.submissions.length, total })}
                </Text>
                <Progress
                  value={(100 * run.submissions.length) / Math.max(1, total)}
                  aria-label={t("{{done}} of {{total}} forms", { done: run.submissions.length, total })}
                />
              </Stack>
            ),
          },
        ]}
      />
    </Stack>
  );
}
