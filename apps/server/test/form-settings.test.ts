import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ api } = await signUpWithAccount(server.api, "settings"));
});
afterAll(() => server.close());

interface FormBody {
  form: Record<string, unknown> & { id: number; formPathAlias: string; lastChangeDate: string };
}

const newForm = async (title: string) => (await api.post<FormBody>("/api/forms", { title })).body.form;

/** Every setting the builder's Settings tab edits, each away from its default. */
const EVERY_SETTING = {
  title: "All settings",
  description: "Admins only",
  type: "calculation",
  businessTask: "customerFeedback",
  language: "RU",
  isPublished: false,
  formPathAlias: "all-settings",
  tags: ["hr", "spring"],
  questionsOutputting: 3,
  questionsOrder: "random",
  questionsNumbering: "custom",
  questionsNumberingTemplate: "Q{n}.",
  isRequiredFieldStarsShown: false,
  display: "stepByStep",
  hasTimer: true,
  allFormTime: 600,
  perQuestionTime: 60,
  formTimer: { showTimer: "show", formTimer: 600, stepTimer: 60 },
  hasAnonymousFilling: "registered",
  hasCaptcha: true,
  nextSubmissionTime: "1d 6h",
  nextSubmissionText: "Come back tomorrow",
  hasAnswerNotifications: true,
  submitButtonDescription: "Go",
  textAfterButton: "We keep it private",
  afterFormFillingActions: {
    submissionAction: "redirectToUrl",
    thankYouPageTitle: "Done: [form_title]",
    thankYouPageText: "Much obliged",
    customUrl: "https://example.com/thanks",
    completeFormButton: "Again",
  },
  completionRules: { show: true, message: "Read the rules", link: "mailto:team@example.com" },
  collectBehaviorData: false,
  collectRealCharacters: false,
  hasVideoCapturing: true,
  hasAudioCapturing: true,
  capturingConfirmPopup: {
    show: true,
    header: "May we record?",
    checkboxes: [{ id: "c_video", label: "Video is fine", checked: false }],
  },
  behavioralConfirmPopup: {
    show: false,
    header: "Behaviour",
    checkboxes: [{ id: "c_mouse", label: "Mouse moves", checked: true }],
  },
  cursorOutActions: {
    countCases: true,
    showWarningPopup: true,
    subtractFromResult: 1.5,
    allowAmount: 2,
    sendForm: true,
  },
};

describe("form settings through PATCH /forms/:id", () => {
  it("stores every setting of the Settings tab and gives it back", async () => {
    const form = await newForm("Settings");
    const patched = await api.patch<FormBody>(`/api/forms/${form.id}`, EVERY_SETTING);
    expect(patched.status).toBe(200);
    expect(patched.body.form).toMatchObject(EVERY_SETTING);
    const read = await api.get<FormBody>(`/api/forms/${form.id}`);
    expect(read.body.form).toMatchObject(EVERY_SETTING);
  });

  it("refuses an alias another form of the account uses, under the alias input's path", async () => {
    await newForm("Taken alias").then((f) =>
      api.patch(`/api/forms/${f.id}`, { formPathAlias: "settings-taken" }),
    );
    const other = await newForm("Other");
    const clash = await api.patch(`/api/forms/${other.id}`, { formPathAlias: "settings-taken" });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      code: "form.alias.exists",
      validationErrors: [expect.objectContaining({ field: "formPathAlias", code: "form.alias.exists" })],
    });
    // Two forms asking for the same free alias at once: one gets it, the other a 409, never a 500.
    const [a, b] = await Promise.all([newForm("Race A"), newForm("Race B")]);
    const raced = await Promise.all(
      [a, b].map((f) => api.patch(`/api/forms/${f.id}`, { formPathAlias: "settings-raced" })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("checks the redirect link as an external website link", async () => {
    const form = await newForm("Redirect");
    const redirect = (customUrl: string) =>
      api.patch<FormBody>(`/api/forms/${form.id}`, {
        afterFormFillingActions: { ...EVERY_SETTING.afterFormFillingActions, customUrl },
      });
    for (const [url, code] of [
      ["", "form.custom_url.required"],
      ["javascript:alert(1)", "form.custom_url.invalid"],
      ["mailto:someone@example.com", "form.custom_url.invalid"],
      ["not a link", "form.custom_url.invalid"],
    ] as const) {
      const refused = await redirect(url);
      expect(refused.status, url).toBe(400);
      expect(refused.body).toMatchObject({
        code,
        validationErrors: [expect.objectContaining({ field: "afterFormFillingActions.customUrl", code })],
      });
    }
    // Without a scheme it is a website all the same (http:// goes in front when used).
    expect((await redirect("example.com/done")).status).toBe(200);
    // Not redirecting, the link is not checked: the author may keep a half-typed one.
    const thankYou = await api.patch(`/api/forms/${form.id}`, {
      afterFormFillingActions: {
        ...EVERY_SETTING.afterFormFillingActions,
        submissionAction: "showThankYouPage",
        customUrl: "half typed",
      },
    });
    expect(thankYou.status).toBe(200);
  });

  it("checks the completion rules' link and the consent options", async () => {
    const form = await newForm("Links and consent");
    const badLink = await api.patch(`/api/forms/${form.id}`, {
      completionRules: { show: true, message: "", link: "ftp://files.example.com" },
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.code).toBe("form.completion_link.invalid");
    for (const link of ["tel:+123456", "https://example.com/rules"])
      expect(
        (await api.patch(`/api/forms/${form.id}`, { completionRules: { show: true, message: "", link } }))
          .status,
      ).toBe(200);

    const emptyOption = await api.patch(`/api/forms/${form.id}`, {
      behavioralConfirmPopup: {
        show: true,
        header: "H",
        checkboxes: [{ id: "a", label: "  ", checked: true }],
      },
    });
    expect(emptyOption.status).toBe(400);
    expect(emptyOption.body).toMatchObject({
      code: "form.consent_option.empty",
      validationErrors: [expect.objectContaining({ field: "behavioralConfirmPopup.checkboxes.0.label" })],
    });
    const twice = await api.patch(`/api/forms/${form.id}`, {
      capturingConfirmPopup: {
        show: true,
        header: "H",
        checkboxes: [
          { id: "a", label: "One", checked: true },
          { id: "a", label: "Two", checked: true },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe("form.consent_option.duplicate");
  });

  it("refuses a badly written next-submission interval and out-of-range values with 400, never 500", async () => {
    const form = await newForm("Bad values");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nextSubmissionTime: "2 days" }, "form.next_submission_time.invalid"],
      [{ nextSubmissionTime: "1d 1d" }, "form.next_submission_time.invalid"],
      [{ questionsOutputting: 0 }, "request.invalid"],
      [{ questionsOutputting: "some" }, "request.invalid"],
      [{ questionsNumbering: "hex" }, "request.invalid"],
      [{ display: "carousel" }, "request.invalid"],
      [{ type: "poll" }, "request.invalid"],
      [{ allFormTime: -5 }, "request.invalid"],
      [{ formTimer: { showTimer: "maybe", formTimer: 0, stepTimer: 0 } }, "request.invalid"],
      [{ cursorOutActions: { countCases: true, allowAmount: 1.5 } }, "request.invalid"],
      [{ tags: "hr" }, "request.invalid"],
      [{ afterFormFillingActions: { submissionAction: "explode" } }, "request.invalid"],
      [{ hasAnonymousFilling: "everyone" }, "request.invalid"],
    ];
    for (const [body, code] of cases) {
      const refused = await api.patch(`/api/forms/${form.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code, JSON.stringify(body)).toBe(code);
    }
    const valid = await api.patch<FormBody>(`/api/forms/${form.id}`, { nextSubmissionTime: "2m 30s" });
    expect(valid.body.form.nextSubmissionTime).toBe("2m 30s");
  });
});
