import type { TPublicForm } from "@formloom/core/api/forms";
import type { ApiErrorBody, ValidationError } from "@formloom/core/errors";
import { MESSAGES } from "@formloom/core/errors";
import { normalizeExternalLink } from "@formloom/core/links";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import { FormRenderer } from "@formloom/renderer/form-renderer";
import { useState } from "react";
import { storedToken } from "./stored-token.ts";

/** Names one filling of the form, so sending it again after a lost answer stores it once. */
function newSubmissionKey(): string {
  // getRandomValues works on plain-HTTP pages too, where randomUUID does not exist.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** The respondent's form: sends the answers and says clearly when that did not work. */
export function FillForm({ data, onSent }: { data: TPublicForm; onSent(): void }) {
  const [startTime] = useState(() => new Date());
  const [notice, setNotice] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [submissionKey, setSubmissionKey] = useState(newSubmissionKey);

  const submit = async (answers: TSubmissionAnswer[]): Promise<ValidationError[] | undefined> => {
    setNotice(null);
    if (!navigator.onLine) {
      setNotice(MESSAGES["network.offline"]);
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
          answers,
        }),
      });
    } catch {
      setNotice(MESSAGES[navigator.onLine ? "server.error" : "network.offline"]);
      return;
    }
    if (response.ok) {
      const { submissionAction, customUrl } = data.form.afterFormFillingActions;
      if (submissionAction === "redirectToUrl" && customUrl) {
        window.location.assign(normalizeExternalLink(customUrl));
      } else if (submissionAction === "showFormAgain") {
        setRound((n) => n + 1);
        setSubmissionKey(newSubmissionKey());
        setNotice(MESSAGES["submission.accepted"]);
      } else {
        onSent();
      }
      return;
    }
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    if (body?.validationErrors?.length) return body.validationErrors;
    setNotice(
      body?.code === "submission.too_soon"
        ? data.form.nextSubmissionText
        : (body?.message ?? MESSAGES["server.error"]),
    );
  };

  return (
    <main className="fill-page">
      <FormRenderer
        key={round}
        settings={data.form}
        fields={data.fields}
        onSubmit={submit}
        notice={
          notice && (
            <p className="fill-alert" role="alert">
              {notice}
            </p>
          )
        }
      />
    </main>
  );
}
