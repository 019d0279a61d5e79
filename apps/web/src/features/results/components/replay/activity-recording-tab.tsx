import { Button, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../../components/confirm-danger.tsx";
import { QueryState } from "../../../../components/query-state.tsx";
import { useFormat } from "../../../../i18n/format.ts";
import { notifyError } from "../../../../lib/notify.ts";
import { useDeleteSessionRecording, useSessionRecording } from "../../api/session-recording.ts";
import { NothingCollected } from "../result/result-tabs.tsx";

/** rrweb's player, downloaded only when a recording is opened. */
const ReplayPlayer = lazy(() => import("./replay-player.tsx"));

/**
 * The single result's activity recording: the filling replayed as the respondent's page recorded
 * it, with what they typed masked unless the form keeps every character and they agreed to it.
 */
export function ActivityRecordingTab({
  formId,
  answerId,
  mayDelete,
}: {
  formId: number;
  answerId: number;
  mayDelete: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, error } = useSessionRecording(formId, answerId);
  const remove = useDeleteSessionRecording(formId, answerId);
  const confirmDelete = () =>
    confirmDanger({
      title: t("Delete the recording?"),
      message: t("The submission stays; its recording cannot be restored."),
      onConfirm: () => remove.mutate(undefined, { onError: notifyError }),
    });
  return (
    <QueryState
      isPending={isPending}
      error={error}
      empty={data?.events.length === 0 && <NothingCollected what={t("Activity recording")} />}
    >
      {() =>
        data && (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">
                {t("Recorded with the respondent's consent; {{size}} KB stored.", {
                  size: format.number(Math.max(1, Math.round(data.bytes / 1024))),
                })}
              </Text>
              {mayDelete && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={confirmDelete}
                  loading={remove.isPending}
                >
                  {t("Delete the recording")}
                </Button>
              )}
            </Group>
            <Paper withBorder p="xs" style={{ overflow: "hidden" }}>
              <Suspense fallback={<Skeleton h={320} aria-hidden />}>
                <ReplayPlayer events={data.events} label={t("Replay of the filling")} />
              </Suspense>
            </Paper>
          </Stack>
        )
      }
    </QueryState>
  );
}
