import type { TFileRef } from "@formloom/core/field-types/file-like";
import { Paper, Skeleton, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../../lib/error-text.ts";
import { useRecording } from "../../api/video-questions.ts";

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

/** One recorded (or uploaded) answer to a video or audio question, played with the browser's own controls. */
export function RecordingPlayer({ file, label }: { file: TFileRef; label: string }) {
  const { t } = useTranslation();
  const recording = useRecording(file.url);
  const url = useObjectUrl(recording.data);
  const video = file.mimeType.startsWith("video/");
  if (recording.error)
    return (
      <Text size="sm" c="red" role="alert">
        {errorText(recording.error)}
      </Text>
    );
  return (
    <Paper withBorder p="xs" maw={video ? 560 : 480} w="100%">
      {!url ? (
        <Skeleton h={video ? 240 : 40} aria-label={t("Loading the recording")} />
      ) : video ? (
        // biome-ignore lint/a11y/useMediaCaption: a respondent's own recording has no captions to give
        <video
          controls
          preload="metadata"
          playsInline
          src={url}
          aria-label={label}
          style={{ width: "100%", display: "block", maxHeight: 420, background: "#111" }}
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a respondent's own recording has no captions to give
        <audio controls preload="metadata" src={url} aria-label={label} style={{ width: "100%" }} />
      )}
    </Paper>
  );
}
