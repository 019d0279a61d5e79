import type { TSegment } from "@formloom/core/api/segments";
import { Alert, ColorSwatch, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../components/confirm-danger.tsx";
import { EditorPanel } from "../../../components/editor-panel.tsx";
import { EditDeleteActions } from "../../../components/icon-action.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { AnchorLink, BackLink, ButtonLink } from "../../../lib/router-links.tsx";
import { useAttributeNames } from "../../results/components/behavior/attribute-names.ts";
import {
  useCreateSegment,
  useDeleteSegment,
  useEditSegment,
  useSegment,
  useSegments,
} from "../api/segments.ts";
import { SegmentForm } from "./segment-form.tsx";

const editRoute = getRouteApi("/layout/account/segments/$id/edit");

function BackToSegments() {
  const { t } = useTranslation();
  return <BackLink to="/segments/all">{t("Segments")}</BackLink>;
}

/** Each condition as "Rage 50–100". */
export function useConditionText() {
  const names = useAttributeNames();
  return (segment: TSegment) =>
    segment.attributes.map((item) => `${names[item.attribute].name} ${item.from}–${item.to}`).join(", ");
}

/** segments/all */
export function SegmentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const conditions = useConditionText();
  const { data, isPending, error } = useSegments();
  const remove = useDeleteSegment();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t("Segments")}
        </Title>
        <ButtonLink to="/segments/new" leftSection={<IconPlus size={14} />}>
          {t("New segment")}
        </ButtonLink>
      </Group>
      <QueryState
        isPending={isPending}
        error={error}
        empty={
          data?.length === 0 && (
            <Text c="dimmed">{t("No segments yet: a segment groups submissions by their behaviour.")}</Text>
          )
        }
      >
        {() => (
          <Table.ScrollContainer minWidth={640}>
            <Table withRowBorders aria-label={t("Segments")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("Name")}</Table.Th>
                  <Table.Th>{t("Behavioural attributes")}</Table.Th>
                  <Table.Th ta="right">{t("Submissions")}</Table.Th>
                  <Table.Th w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data ?? []).map((segment) => (
                  <Table.Tr key={segment.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <ColorSwatch color={segment.color} size={14} />
                        <AnchorLink to="/segments/$id/view" params={{ id: segment.id }}>
                          {segment.name}
                        </AnchorLink>
                      </Group>
                    </Table.Td>
                    <Table.Td>{conditions(segment)}</Table.Td>
                    <Table.Td ta="right">{segment.members}</Table.Td>
                    <Table.Td>
                      <EditDeleteActions
                        name={segment.name}
                        onEdit={() => void navigate({ to: "/segments/$id/edit", params: { id: segment.id } })}
                        onDelete={() =>
                          confirmDanger({
                            title: t("Delete {{name}}?", { name: segment.name }),
                            message: t("The segment and the submissions found in it are forgotten."),
                            onConfirm: () => remove.mutate(segment, { onError: notifyError }),
                          })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}

/** segments/new */
export function NewSegmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSegment();
  return (
    <EditorPanel back={<BackToSegments />} title={t("New segment")} titleOrder={2} maw={820}>
      <SegmentForm
        submitLabel={t("Create")}
        pending={create.isPending}
        serverError={create.error}
        onCancel={() => void navigate({ to: "/segments/all" })}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (segment) => {
              notifySuccess(msg("Saved"));
              void navigate({ to: "/segments/$id/view", params: { id: segment.id } });
            },
          })
        }
      />
    </EditorPanel>
  );
}

/** segments/:id/edit */
export function EditSegmentPage() {
  const { t } = useTranslation();
  const { id } = editRoute.useParams();
  const navigate = useNavigate();
  const { data: segment, error, isPending } = useSegment(id);
  const edit = useEditSegment(id);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  return (
    <EditorPanel
      back={<BackToSegments />}
      title={t("Edit {{name}}", { name: segment.name })}
      titleOrder={2}
      maw={820}
    >
      <SegmentForm
        key={segment.id}
        segment={segment}
        submitLabel={t("Save")}
        pending={edit.isPending}
        serverError={edit.error}
        onCancel={() => void navigate({ to: "/segments/$id/view", params: { id } })}
        onSubmit={(body) => edit.mutate(body, { onSuccess: () => notifySuccess(msg("Saved")) })}
      />
    </EditorPanel>
  );
}
