import { Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../../i18n/format.ts";
import { useCapture, useCaptureMedia } from "../../api/capture.ts";

/** An address for the fetched recording while it is shown, released afterwards. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * The video or audio recorded of the respondent while they filled the form, with their consent,
 * played on the submission's page. Shown only to readers of the whole submission (the server
 * refuses the others); nothing at all where nothing was captured.
 */
export function CapturePlayer({ formId, answerId }: { formId: number; answerId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useCapture(formId, answerId);
  const capture = data?.capture ?? null;
  const media = useCaptureMedia(formId, answerId, capture !== null);
  const url = useObjectUrl(media.data);
  if (!capture) return null;
  const video = capture.mimeType.startsWith("video/");
  const title = video ? t("Video of the respondent") : t("Audio of the respondent");
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {t("Recorded while the form was filled, with the respondent's consent; {{size}} KB stored.", {
          size: format.number(Math.max(1, Math.round(capture.bytes / 1024))),
        })}
      </Text>
      <Paper withBorder p="xs" maw={video ? 640 : 480}>
        {!url ? (
          <Skeleton h={video ? 240 : 40} aria-hidden />
        ) : video ? (
          // biome-ignore lint/a11y/useMediaCaption: a recording of the respondent has no captions to give
          <video
            controls
            preload="metadata"
            src={url}
            aria-label={title}
            style={{ width: "100%", display: "block" }}
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: a recording of the respondent has no captions to give
          <audio controls preload="metadata" src={url} aria-label={title} style={{ width: "100%" }} />
        )}
      </Paper>
    </Stack>
  );
}
