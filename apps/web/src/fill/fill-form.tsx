import type { TPublicForm } from "@formloom/core/api/forms";
import { DEFAULT_TEXTS } from "@formloom/core/defaults";
import type { ApiErrorBody, ValidationError } from "@formloom/core/errors";
import { MESSAGES } from "@formloom/core/errors";
import { normalizeExternalLink } from "@formloom/core/links";
import { QUESTION_SEED_KEY } from "@formloom/core/question-output";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import type { TimeUp } from "@formloom/core/time-limits";
import { CaptchaSlotContext } from "@formloom/renderer/captcha-slot";
import { authorText, FormRenderer, type Translate } from "@formloom/renderer/form-renderer";
import { UploadContext } from "@formloom/renderer/upload-context";
import { useState } from "react";
import { CaptchaCheck } from "./captcha-check.tsx";
import { respondentSeed } from "./respondent-language.ts";
import { storedToken } from "./stored-token.ts";
import { uploaderFor } from "./upload-file.ts";

/** Names one filling of the form, so sending it again after a lost answer stores it once. */
function newSubmissionKey(): string {
  // getRandomValues works on plain-HTTP pages too, where randomUUID does not exist.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

interface Props {
  data: TPublicForm;
  /** Texts in the form's language. */
  translate: Translate;
  onSent(): void;
}

/** The respondent's form: sends the answers and says clearly when that did not work. */
export function FillForm({ data, translate, onSent }: Props) {
  const [startTime] = useState(() => new Date());
  const [seed] = useState(() => respondentSeed(data.form.id));
  const [notice, setNotice] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [submissionKey, setSubmissionKey] = useState(newSubmissionKey);
  const [upload] = useState(() => uploaderFor(data.form.id));
  // A solved captcha travels beside the answers; each solution is taken once by the server.
  // Drawn where the form places its captcha element, else beside the send button.
  const captchaElement = data.fields.some((field) => field.fieldType === "captcha");
  const needsCaptcha = data.form.hasCaptcha || captchaElement;
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const newCaptcha = (error: string | null) => {
    setCaptcha(null);
    setCaptchaError(error);
    setCaptchaRound((n) => n + 1);
  };

  const submit = async (
    answers: TSubmissionAnswer[],
    timeUp?: TimeUp,
  ): Promise<ValidationError[] | undefined> => {
    setNotice(null);
    if (!navigator.onLine) {
      setNotice(translate("network.offline"));
      return;
    }
    if (needsCaptcha && !captcha) {
      setCaptchaError("answer.captcha_required");
      return;
    }
    const token = storedToken();
    const submitTime = new Date();
    let response: Response;
    try {
      response = await fetch("/api/forms/answer", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": submissionKey,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({
          formId: data.form.id,
          startTime: startTime.toISOString(),
          submitTime: submitTime.toISOString(),
          formPassingTime: (submitTime.getTime() - startTime.getTime()) / 1000,
          ...(captcha ? { captcha } : {}),
          answers,
          // The times that ran out: their questions may be left empty.
          ...(timeUp ? { timeUp } : {}),
          // The server checks the answers against the questions this seed gave the respondent.
          miscData: { [QUESTION_SEED_KEY]: seed },
        }),
      });
    } catch {
      setNotice(translate(navigator.onLine ? "server.error" : "network.offline"));
      return;
    }
    if (response.ok) {
      const { submissionAction, customUrl } = data.form.afterFormFillingActions;
      if (submissionAction === "redirectToUrl" && customUrl) {
        window.location.assign(normalizeExternalLink(customUrl));
      } else if (submissionAction === "showFormAgain") {
        setRound((n) => n + 1);
        setSubmissionKey(newSubmissionKey());
        if (needsCaptcha) newCaptcha(null);
        setNotice(translate("submission.accepted"));
      } else {
        onSent();
      }
      return;
    }
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    // A refused captcha is asked again beside the send button; the other errors go to their fields.
    const captchaProblem = body?.validationErrors?.find((error) => error.code.startsWith("answer.captcha"));
    if (captchaProblem) newCaptcha(captchaProblem.code);
    const fieldErrors = body?.validationErrors?.filter((error) => error !== captchaProblem);
    if (fieldErrors?.length) return fieldErrors;
    if (captchaProblem) return;
    setNotice(
      body?.code === "submission.too_soon"
        ? authorText(data.form.nextSubmissionText, DEFAULT_TEXTS.nextSubmissionText, translate)
        : body?.code && body.code in MESSAGES
          ? translate(body.code)
          : (body?.message ?? translate("server.error")),
    );
  };

  const captchaCheck = needsCaptcha ? (
    <CaptchaCheck
      key={captchaRound}
      translate={translate}
      error={captchaError}
      onSolved={(payload) => {
        setCaptcha(payload);
        if (payload) setCaptchaError(null);
      }}
    />
  ) : null;

  return (
    <main className="fill-page">
      <UploadContext.Provider value={upload}>
        <CaptchaSlotContext.Provider value={captchaElement ? captchaCheck : undefined}>
          <FormRenderer
            key={round}
            settings={data.form}
            fields={data.fields}
            translate={translate}
            seed={seed}
            onSubmit={submit}
            notice={
              <>
                {!captchaElement && captchaCheck}
                {notice && (
                  <p className="fill-alert" role="alert">
                    {notice}
                  </p>
                )}
              </>
            }
          />
        </CaptchaSlotContext.Provider>
      </UploadContext.Provider>
    </main>
  );
}
