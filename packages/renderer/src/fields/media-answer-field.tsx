import {
  createContext,
  createElement,
  Fragment,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useState,
} from "react";
import type { FieldProps } from "../field-props.ts";
import { UploadField } from "./upload-field.tsx";

/** Whether the form asks video and audio questions (hasVideoAudioQuestions): its video and audio fields are recorded. */
export const MediaQuestionsContext = createContext(false);

const RecordedAnswer = lazy(() => import("./recorded-answer.tsx"));

/**
 * A video or audio field. An audio field, and a video field in a form with video and audio
 * questions, is recorded in the page once its script runs, with the recorder's code loaded only
 * then; until then, and without a script, it is the file upload the server draws. The recorder
 * comes before that upload, which stays where it is: a file chosen in it before the script
 * arrived is kept. (Written without JSX: the public page's every byte counts.)
 */
export function MediaAnswerField(props: FieldProps) {
  // A sound may always be recorded; a video when the form asks video and audio questions.
  const wanted = useContext(MediaQuestionsContext) || props.element.fieldType === "audio";
  const [recording, setRecording] = useState(false);
  // After the first drawing, so the page takes over what the server drew (the upload) first.
  useEffect(() => setRecording(wanted));
  return createElement(
    Fragment,
    null,
    recording && createElement(Suspense, { fallback: null }, createElement(RecordedAnswer, props)),
    createElement(UploadField, props),
  );
}
