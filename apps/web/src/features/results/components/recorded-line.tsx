import type { TAnswerView } from "@formloom/core/api/answers";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useForm } from "../../forms/api/get-form.ts";

type Choices = Pick<TAnswerView, "formId" | "capturingConfirmOptions" | "behavioralConfirmOptions">;

/**
 * What the public page recorded while this submission was filled, as the respondent's consent
 * allowed it: more than each question's focus and timing only with a yes in the pop-up.
 */
export function RecordedLine({ answer }: { answer: Choices }) {
  const { t } = useTranslation();
  const { data: form } = useForm(answer.formId);
  if (!form) return null;
  const { collectBehaviorData, collectRealCharacters } = form.form;
  const behaviour = answer.behavioralConfirmOptions;
  const typingAgreed = (behaviour?.length ?? 0) > 0;
  const capturingAgreed = (answer.capturingConfirmOptions?.length ?? 0) > 0;
  const { hasVideoCapturing, hasAudioCapturing, isCaptureVideo, isCaptureAudio } = form.form;
  const mediaCaptured = hasVideoCapturing || hasAudioCapturing || isCaptureVideo || isCaptureAudio;
  const agreed = [
    ...(typingAgreed
      ? [
          collectRealCharacters
            ? t("typed and erased characters, clicks and pointer moves")
            : t("typing, clicks and pointer moves"),
        ]
      : []),
    ...(capturingAgreed && (!form.form.hasSessionRecording || mediaCaptured) ? [t("video and audio")] : []),
    ...(capturingAgreed && form.form.hasSessionRecording ? [t("the session for replay")] : []),
  ];
  // An empty choice is a cancelled pop-up, after which the page records nothing at all.
  const declined = behaviour?.length === 0;
  const unasked =
    !collectBehaviorData || typingAgreed
      ? null
      : declined
        ? t("Behaviour recording declined: nothing recorded")
        : t("Behaviour recorded: focus and timing only");
  if (agreed.length === 0 && !unasked) return null;
  return (
    <Text size="xs" c="dimmed">
      {agreed.length > 0 && t("Recorded with consent: {{what}}", { what: agreed.join(", ") })}
      {agreed.length > 0 && unasked && " · "}
      {unasked}
    </Text>
  );
}
