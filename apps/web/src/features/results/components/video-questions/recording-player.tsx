import type { TFileRef } from "@formloom/core/field-types/file-like";
import { Paper, Skeleton, Text } from "@mantine/core";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../../lib/error-text.ts";
import { storedFile, useRecording } from "../../api/video-questions.ts";

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

/** Whether the element has come near the screen once: until then nothing of it is fetched. */
function useSeen(): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === "undefined") return setSeen(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

/**
 * One recorded (or uploaded) answer to a video or audio question, played with the browser's own
 * controls, fetched once its player comes into view.
 */
export function RecordingPlayer({ file, label }: { file: TFileRef; label: string }) {
  const { t } = useTranslation();
  const [ref, seen] = useSeen();
  const recording = useRecording(file.url, seen);
  const url = useObjectUrl(recording.data);
  const video = file.mimeType.startsWith("video/");
  // An address the app cannot read the file from (none of the form's stored files).
  if (storedFile(file.url) === null)
    return (
      <Text size="sm" c="red" role="alert">
        {t("This recording cannot be played here.")}
      </Text>
    );
  if (recording.error)
    return (
      <Text size="sm" c="red" role="alert">
        {errorText(recording.error)}
      </Text>
    );
  return (
    <Paper ref={ref} withBorder p="xs" maw={video ? 560 : 480} w="100%">
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
