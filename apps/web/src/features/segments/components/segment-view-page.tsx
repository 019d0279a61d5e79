import { BEHAVIOR_ATTRIBUTES } from "@formloom/core/behavior-attributes";
import {
  Alert,
  Button,
  ColorSwatch,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifyError } from "../../../lib/notify.ts";
import { AnchorLink, BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useForms } from "../../forms/api/get-forms.ts";
import { useAttributeNames } from "../../results/components/behavior/attribute-names.ts";
import { useRecalculateSegment, useSegment, useSegmentJob, useSegmentMembers } from "../api/segments.ts";
import { useConditionText } from "./segment-pages.tsx";

const route = getRouteApi("/layout/account/segments/$id/view");

/**
 * segments/:id/view: the segment's conditions, its recalculation over chosen forms as a job with
 * its progress, and one form's submissions found in it.
 */
export function SegmentViewPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const names = useAttributeNames();
  const conditions = useConditionText();
  const { id } = route.useParams();
  const queryClient = useQueryClient();
  const segment = useSegment(id);
  const forms = useForms();
  const [chosen, setChosen] = useState<string[]>([]);
  const [shownForm, setShownForm] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const recalculate = useRecalculateSegment(id);
  const job = useSegmentJob(jobId);
  const members = useSegmentMembers(id, shownForm === null ? null : Number(shownForm));
  const finished = job.data?.state === "done";
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: ["segments"] });
  }, [finished, queryClient]);

  if (segment.isPending) return <Loader m="xl" />;
  if (segment.error) return <Alert color="red">{errorText(segment.error)}</Alert>;
  const options = (forms.data ?? []).map((form) => ({
    value: String(form.id),
    label: form.title || t("Untitled form"),
  }));
  const progress =
    job.data && job.data.total > 0 ? (job.data.done / job.data.total) * 100 : finished ? 100 : 0;

  return (
    <Stack>
      <BackLink to="/segments/all">{t("Segments")}</BackLink>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <ColorSwatch color={segment.data.color} size={18} />
          <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
            {segment.data.name}
          </Title>
        </Group>
        <ButtonLink to="/segments/$id/edit" params={{ id }} variant="default">
          {t("Edit")}
        </ButtonLink>
      </Group>
      {segment.data.description && <Text>{segment.data.description}</Text>}
      <Text size="sm" c="dimmed">
        {conditions(segment.data)}
      </Text>

      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          {t("Recalculate")}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <MultiSelect
            label={t("Forms")}
            placeholder={t("Choose forms")}
            data={options}
            value={chosen}
            onChange={setChosen}
            searchable
            w={{ base: "100%", sm: 360 }}
          />
          <Button
            disabled={chosen.length === 0}
            loading={recalculate.isPending}
            onClick={() =>
              recalculate.mutate(chosen.map(Number), {
                onSuccess: (queued) => setJobId(queued.id),
                onError: notifyError,
              })
            }
          >
            {t("Recalculate")}
          </Button>
        </Group>
        {job.data && (
          <Stack gap={4} mt="sm">
            <Progress value={progress} aria-label={t("Recalculation progress")} animated={!finished} />
            <Text size="sm" role="status">
              {finished
                ? t("Done: {{done}} submissions measured.", { done: job.data.done })
                : job.data.state === "failed"
                  ? t("The recalculation failed.")
                  : t("Measuring: {{done}} of {{total}}", { done: job.data.done, total: job.data.total })}
            </Text>
          </Stack>
        )}
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          {t("Submissions in this segment")}
        </Title>
        <Select
          label={t("Form")}
          placeholder={t("Choose a form")}
          data={options}
          value={shownForm}
          onChange={setShownForm}
          w={{ base: "100%", sm: 360 }}
          mb="sm"
        />
        {shownForm !== null && (
          <QueryState
            isPending={members.isPending}
            error={members.error}
            empty={
              members.data?.members.length === 0 && (
                <Text c="dimmed" size="sm">
                  {t("No submission of this form is in the segment: recalculate to look again.")}
                </Text>
              )
            }
          >
            {() => (
              <Table.ScrollContainer minWidth={720}>
                <Table withRowBorders aria-label={t("Submissions in this segment")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("Submission")}</Table.Th>
                      <Table.Th>{t("Submitted")}</Table.Th>
                      {BEHAVIOR_ATTRIBUTES.map((attribute) => (
                        <Table.Th key={attribute} ta="right">
                          {names[attribute].name}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(members.data?.members ?? []).map((member) => (
                      <Table.Tr key={member.answerId}>
                        <Table.Td>
                          <AnchorLink
                            to="/forms/$id/results/$resId"
                            params={{ id: Number(shownForm), resId: member.number ?? member.answerId }}
                            search={{ tab: "behavior-pattern" }}
                          >
                            #{member.number ?? member.answerId}
                          </AnchorLink>
                        </Table.Td>
                        <Table.Td>{format.dateTime(member.submitTime)}</Table.Td>
                        {BEHAVIOR_ATTRIBUTES.map((attribute) => (
                          <Table.Td key={attribute} ta="right">
                            {member.attributes ? member.attributes[attribute] : "—"}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </QueryState>
        )}
      </Paper>
    </Stack>
  );
}
