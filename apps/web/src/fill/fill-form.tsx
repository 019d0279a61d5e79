import type { TPublicForm } from "@formloom/core/api/forms";
import { DEFAULT_TEXTS } from "@formloom/core/defaults";
import type { TShownEnding } from "@formloom/core/ending-screens";
import type { ApiErrorBody, ValidationError } from "@formloom/core/errors";
import { MESSAGES } from "@formloom/core/errors";
import type { TPostedForm } from "@formloom/core/form-post";
import { keptPathArgs } from "@formloom/core/path-args";
import { QUESTION_SEED_KEY } from "@formloom/core/question-output";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import {
  outcomeLine,
  redirectTarget,
  showsFormAgain,
  type TRespondentOutcome,
  thankYouView,
} from "@formloom/core/thank-you";
import type { TimeUp } from "@formloom/core/time-limits";
import { CaptchaSlotContext } from "@formloom/renderer/captcha-slot";
import { authorText, FormRenderer, type Translate } from "@formloom/renderer/form-renderer";
import { UploadContext } from "@formloom/renderer/upload-context";
import { useEffect, useRef, useState } from "react";
import { useBeforeSending } from "./before-sending.tsx";
import { useBehavior } from "./behavior-hook.ts";
import type { FillBoot } from "./boot.ts";
import { CaptchaCheck, solveCaptcha } from "./captcha-check.tsx";
import { ChainProgress } from "./chain-progress.tsx";
import { reportedDevice } from "./device-report.ts";
import { keepEnding, keepOutcome } from "./kept-outcome.ts";
import { useKeptProgress } from "./kept-progress-hook.tsx";
import { useNotificationEmail } from "./notification-email.tsx";
import { plainPostProps, postedCaptchaError, postedNotice } from "./plain-post.ts";
import { jsonBody, publicApi } from "./public-api.ts";
import { useRecorders } from "./recorders-hook.ts";
import { respondentSeed } from "./respondent-language.ts";
import { useStartReport } from "./start-report.ts";
import { uploaderFor } from "./upload-file.ts";

/** Names one filling of the form, so sending it again after a lost answer stores it once. */
function newSubmissionKey(): string {
  // getRandomValues works on plain-HTTP pages too, where randomUUID does not exist.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** Said when the form shows itself again after sending; a quiz still tells the respondent how they did. */
function sentLine(
  form: TPublicForm["form"],
  outcome: TRespondentOutcome | null,
  translate: Translate,
): string {
  const result = outcome ? outcomeLine(thankYouView(form, outcome, translate)) : "";
  return [translate("submission.accepted"), result].filter(Boolean).join(" ");
}

interface Props {
  data: TPublicForm;
  /** Texts in the form's language. */
  translate: Translate;
  /** The form's own address, where the browser posts it by itself when no script runs. */
  action: string;
  /** The form as posted without JavaScript and refused by the server, drawn again. */
  posted?: TPostedForm | undefined;
  /** Shown again after it was sent without JavaScript (boot.ts), with the result it gave. */
  sentAgain?: FillBoot["sentAgain"];
  /** The submission was stored; a calculation form's result comes with it. */
  onSent(accepted: { id: number; outcome: TRespondentOutcome | null }): void;
}

/** The respondent's form: sends the answers and says clearly when that did not work. */
export function FillForm({ data, translate, onSent, action, posted, sentAgain }: Props) {
  const [startTime, setStartTime] = useState(() => new Date());
  const [seed] = useState(() => respondentSeed(data.form.id));
  const [notice, setNotice] = useState<string | null>(() => postedNotice(data.form, posted, translate));
  // A refusal of the whole filling, not of one answer: said above the form.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);
  const questionIds = new Set(data.fields.map((field) => field.id));
  // Said when the form shows itself again after sending: good news, not an error.
  const [sent, setSent] = useState<string | null>(() =>
    sentAgain ? sentLine(data.form, sentAgain.outcome, translate) : null,
  );
  const [round, setRound] = useState(0);
  const [submissionKey, setSubmissionKey] = useState(newSubmissionKey);
  const keyRef = useRef(submissionKey);
  keyRef.current = submissionKey;
  const [upload] = useState(() => uploaderFor(data.form.id, () => keyRef.current, data.uploadMaxMb));
  // Consent, the wait before sending again, leaving the form, and the draft kept offline.
  const before = useBeforeSending(data, translate, {
    submissionKey,
    setSubmissionKey,
    renewSubmissionKey: () => setSubmissionKey(newSubmissionKey()),
    startTime,
    setStartTime,
    resend: (answers) => void submit(answers),
  });
  // The filling kept as it goes, taken up again after a reload or a closed tab.
  const progress = useKeptProgress(data, translate, {
    submissionKey,
    setSubmissionKey,
    renewSubmissionKey: () => setSubmissionKey(newSubmissionKey()),
    startTime,
    setStartTime,
  });
  const onValuesChange = (values: Readonly<Record<string, unknown>>) => {
    before.onValuesChange(values);
    progress.onValuesChange(values);
  };
  const onValuesChangeRef = useRef(onValuesChange);
  onValuesChangeRef.current = onValuesChange;
  const [valuesChanged] = useState(
    () => (values: Readonly<Record<string, unknown>>) => onValuesChangeRef.current(values),
  );
  // Behaviour and answering times where the form collects them: focus and timing unasked, more once agreed.
  const withAnsweringTimes = useBehavior(data.form, submissionKey, before.behaviouralConsent);
  // The filling recorded for replay, and the respondent with camera or microphone, where the form
  // does so, from the capturing consent on.
  const finishRecording = useRecorders(
    data.form,
    submissionKey,
    before.capturingConsent,
    before.behaviouralChoice,
  );
  // The first touch of a question tells the server this filling began (the submit rate's starts).
  useStartReport(data.form.id, submissionKey);
  // A solved captcha travels beside the answers; each solution is taken once by the server.
  // Drawn where the form places its captcha element, else beside the send button.
  const captchaElement = data.fields.some((field) => field.fieldType === "captcha");
  const needsCaptcha = data.form.hasCaptcha || captchaElement;
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(() => postedCaptchaError(posted));
  const [captchaRound, setCaptchaRound] = useState(0);
  // The respondent's address, where the form's e-mail notification goes to the one they give.
  const email = useNotificationEmail(data, translate, posted);
  const newCaptcha = (error: string | null) => {
    setCaptcha(null);
    setCaptchaError(error);
    setCaptchaRound((n) => n + 1);
  };

  /**
   * A form whose time ran out sends itself, and nobody is there to tick the captcha: the page
   * solves a fresh challenge itself then. The server still takes only a valid, unused solution,
   * so this costs a sender the same proof of work as ticking the box.
   */
  const captchaFor = async (timeUp: TimeUp | undefined, fresh: boolean): Promise<string | null> => {
    if (!needsCaptcha) return null;
    if (captcha && !fresh) return captcha;
    if (!timeUp) return null;
    return solveCaptcha().catch(() => null);
  };

  const submit = async (
    answers: TSubmissionAnswer[],
    timeUp?: TimeUp,
    retried = false,
  ): Promise<ValidationError[] | undefined> => {
    setNotice(null);
    setRefusal(null);
    setSent(null);
    if (!email.check()) return;
    if (!navigator.onLine) {
      setNotice(before.offline(answers));
      return;
    }
    const solution = await captchaFor(timeUp, retried);
    if (needsCaptcha && !solution) {
      setCaptchaError("answer.captcha_required");
      return;
    }
    // The recordings' last moments reach the server before the submission they belong to.
    await finishRecording();
    const submitTime = new Date();
    let response: Response;
    try {
      const body = {
        formId: data.form.id,
        startTime: startTime.toISOString(),
        submitTime: submitTime.toISOString(),
        formPassingTime: (submitTime.getTime() - startTime.getTime()) / 1000,
        ...(solution ? { captcha: solution } : {}),
        answers: withAnsweringTimes(answers),
        device: reportedDevice(),
        ...before.fields(),
        // The times that ran out: their questions may be left empty.
        ...(timeUp ? { timeUp } : {}),
        // The server checks the answers against the questions this seed gave the respondent.
        // The link's query parameters (utm_source and the like) are kept as the result's path args.
        miscData: {
          [QUESTION_SEED_KEY]: seed,
          pathArgs: keptPathArgs(new URLSearchParams(window.location.search)),
          ...email.misc(),
        },
      };
      // The form's id in the address too: a load balancer can send one form's submissions to one
      // server process, whose statements then store them together (README, Running at scale).
      response = await publicApi(
        `/forms/answer?form=${data.form.id}`,
        jsonBody("POST", body, { headers: { "idempotency-key": submissionKey } }),
      );
    } catch {
      setNotice(navigator.onLine ? translate("server.error") : before.offline(answers));
      return;
    }
    if (response.ok) {
      before.sent();
      progress.sent();
      const accepted = (await response.json().catch(() => ({}))) as {
        id?: number;
        outcome?: TRespondentOutcome | null;
        ending?: TShownEnding | null;
        chainNext?: string | null;
      };
      // Only a website link is followed; any other falls back to the thank-you page. A step of
      // a form chain goes on to the chain's next form.
      const redirect = accepted.chainNext ?? redirectTarget(data.form);
      if (redirect) {
        window.location.assign(redirect);
      } else if (showsFormAgain(data.form)) {
        setRound((n) => n + 1);
        setSubmissionKey(newSubmissionKey());
        // A new filling: its time counts from now.
        setStartTime(new Date());
        if (needsCaptcha) newCaptcha(null);
        setSent(sentLine(data.form, accepted.outcome ?? null, translate));
      } else {
        // Kept in this tab, so the thank-you page shows the result also after a reload.
        keepOutcome(data.form.id, accepted.outcome ?? null);
        keepEnding(data.form.id, accepted.ending ?? null);
        onSent({ id: accepted.id ?? 0, outcome: accepted.outcome ?? null });
      }
      return;
    }
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    if (email.refused(body?.code)) return;
    if (body?.code === "submission.time_over") {
      // This filling can no longer be sent: nothing of it is kept to be sent again, and a reload
      // begins a new one.
      before.sent();
      progress.sent();
    }
    // A refused captcha is asked again beside the send button; the other errors go to their fields.
    const captchaProblem = body?.validationErrors?.find((error) => error.code.startsWith("answer.captcha"));
    // A solution kept from long ago may have expired: a form whose time ran out tries once more.
    if (captchaProblem && timeUp && !retried) return submit(answers, timeUp, true);
    if (captchaProblem) newCaptcha(captchaProblem.code);
    const fieldErrors = body?.validationErrors?.filter((error) => error !== captchaProblem);
    // A refusal of something that is no question (a consent choice, say) is said in words above
    // the form: drawn as "the marked answers", it would mark nothing.
    const unplaced = fieldErrors?.find((error) => !questionIds.has(error.field));
    if (unplaced) {
      setRefusal(translate(unplaced.code in MESSAGES ? unplaced.code : "submission.invalid"));
      return;
    }
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
      {data.chain && <ChainProgress place={data.chain} translate={translate} />}
      {before.elements}
      {progress.element}
      {refusal && (
        <p className="fill-alert" role="alert" tabIndex={-1} ref={refusalRef}>
          {refusal}
        </p>
      )}
      <UploadContext.Provider value={upload}>
        <CaptchaSlotContext.Provider value={captchaElement ? captchaCheck : undefined}>
          <FormRenderer
            key={`${round}.${before.rendererKey}.${progress.rendererKey}`}
            settings={data.form}
            fields={data.fields}
            translate={translate}
            seed={seed}
            onSubmit={submit}
            {...plainPostProps({
              data,
              action,
              posted: round === 0 ? posted : undefined,
              translate,
              submissionKey,
              startTime,
              seed,
            })}
            onValuesChange={valuesChanged}
            onPositionChange={progress.onPositionChange}
            startedAt={startTime.getTime()}
            sendNow={before.sendNow}
            {...(before.initialValues
              ? { initialValues: before.initialValues }
              : progress.initialValues
                ? { initialValues: progress.initialValues }
                : {})}
            {...(progress.initialPosition
              ? { initialPosition: progress.initialPosition }
              : round === 0 && posted?.page !== undefined
                ? // A form on pages posted without JavaScript is drawn at the page the server chose.
                  {
                    initialPosition: {
                      page: posted.page,
                      history: posted.history ?? [...Array(posted.page).keys()],
                    },
                  }
                : {})}
            notice={
              <>
                {email.element}
                {!captchaElement && captchaCheck}
                {notice && (
                  <p className="fill-alert" role="alert">
                    {notice}
                  </p>
                )}
                {sent && (
                  <p className="fill-sent" role="status">
                    {sent}
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
