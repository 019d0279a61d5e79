import { createContext, lazy, Suspense, useContext, useEffect, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { UploadField } from "./upload-field.tsx";

/** Whether the form asks video and audio questions (hasVideoAudioQuestions): its video and audio fields are recorded. */
export const MediaQuestionsContext = createContext(false);

const RecordedAnswer = lazy(() => import("./recorded-answer.tsx"));

/**
 * A video or audio field. In a form with video and audio questions the page records the answer
 * once its script runs, with the recorder's code loaded only then; until then, and without a
 * script, it is the file upload the server draws.
 */
export function MediaAnswerField(props: FieldProps) {
  const asked = useContext(MediaQuestionsContext);
  const [recording, setRecording] = useState(false);
  useEffect(() => setRecording(asked), [asked]);
  const upload = <UploadField {...props} />;
  return recording ? (
    <Suspense fallback={upload}>
      <RecordedAnswer {...props} />
    </Suspense>
  ) : (
    upload
  );
}
