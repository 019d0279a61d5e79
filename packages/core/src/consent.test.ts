import { describe, expect, it } from "vitest";
import {
  consentGiven,
  consentProblems,
  DEFAULT_CONSENT_OPTIONS,
  isDefaultConsentOption,
  offeredConsent,
} from "./consent.ts";
import { ZFormSettings } from "./form-schema.ts";

const boxes = [
  { id: "face", label: "My face" },
  { id: "voice", label: "My voice" },
];

describe("consent pop-ups", () => {
  it("asks a default form's respondent before typed characters are recorded, with an option of its own", () => {
    const settings = ZFormSettings.parse({});
    expect(offeredConsent(settings, "capturing")).toBeNull();
    const behavioral = offeredConsent(settings, "behavioral");
    expect(behavioral?.header).toBe("Behavioral data collection confirmation");
    expect(behavioral?.checkboxes).toEqual([
      {
        id: "default-behavioral",
        label: "I agree that what I type, including erased text, is recorded",
        checked: false,
      },
    ]);
  });

  it("asks none where only focus and timing are recorded and the author gave no options", () => {
    const settings = ZFormSettings.parse({ collectRealCharacters: false });
    expect(offeredConsent(settings, "behavioral")).toBeNull();
    expect(offeredConsent({ ...settings, collectBehaviorData: false }, "behavioral")).toBeNull();
  });

  it("asks before video, audio or recognition with a default option, and keeps the author's options", () => {
    const quiet = ZFormSettings.parse({ collectBehaviorData: false });
    for (const flag of [
      "isCaptureVideo",
      "hasAudioCapturing",
      "hasFaceRecognition",
      "hasAgeGenderRecognition",
    ]) {
      const popup = offeredConsent({ ...quiet, [flag]: true }, "capturing");
      expect(popup?.header, flag).toBe("Video data collection confirmation");
      // Our one option, in words that say what the camera is used for.
      expect(
        popup?.checkboxes.map((box) => box.id),
        flag,
      ).toEqual([DEFAULT_CONSENT_OPTIONS.capturing.id]);
      expect(popup?.checkboxes[0]?.label, flag).toMatch(
        flag.endsWith("Recognition") ? /recogni/ : /recording/,
      );
    }
    const authored = ZFormSettings.parse({
      isCaptureVideo: true,
      capturingConfirmPopup: { header: "Camera?", checkboxes: boxes },
    });
    expect(offeredConsent(authored, "capturing")?.checkboxes.map((box) => box.id)).toEqual(["face", "voice"]);
    expect(offeredConsent(authored, "capturing")?.header).toBe("Camera?");
    // Hidden by the author, the pop-up is still asked while the camera records.
    const hidden = { ...authored, capturingConfirmPopup: { ...authored.capturingConfirmPopup, show: false } };
    expect(offeredConsent(hidden, "capturing")?.checkboxes.map((box) => box.id)).toEqual(["face", "voice"]);
    expect(isDefaultConsentOption(DEFAULT_CONSENT_OPTIONS.behavioral.id)).toBe(true);
    expect(isDefaultConsentOption("face")).toBe(false);
  });

  it("accepts the default option on the server's check, and nothing else for a pop-up the author left empty", () => {
    const settings = ZFormSettings.parse({ isCaptureAudio: true });
    const defaults = {
      behavioralConfirmOptions: [DEFAULT_CONSENT_OPTIONS.behavioral.id],
      capturingConfirmOptions: [DEFAULT_CONSENT_OPTIONS.capturing.id],
    };
    expect(consentProblems(settings, defaults)).toEqual([]);
    expect(consentGiven(settings, "behavioral", defaults.behavioralConfirmOptions)).toBe(true);
    expect(consentGiven(settings, "capturing", [])).toBe(false);
    expect(consentProblems(settings, { capturingConfirmOptions: ["face"] })).toEqual(["capturing"]);
    expect(
      consentProblems(settings, { behavioralConfirmOptions: [DEFAULT_CONSENT_OPTIONS.capturing.id] }),
    ).toEqual(["behavioral"]);
  });

  it("offers a pop-up only when shown, with options, for data the form collects", () => {
    const behavioral = ZFormSettings.parse({ behavioralConfirmPopup: { checkboxes: boxes } });
    expect(offeredConsent(behavioral, "behavioral")?.header).toBe("Behavioral data collection confirmation");
    expect(offeredConsent({ ...behavioral, collectBehaviorData: false }, "behavioral")).toBeNull();
    const hidden = ZFormSettings.parse({
      collectRealCharacters: false,
      behavioralConfirmPopup: { show: false, checkboxes: boxes },
    });
    expect(offeredConsent(hidden, "behavioral")).toBeNull();
    const capturing = ZFormSettings.parse({ capturingConfirmPopup: { checkboxes: boxes } });
    expect(offeredConsent(capturing, "capturing")).toBeNull();
    expect(offeredConsent({ ...capturing, hasVideoCapturing: true }, "capturing")?.header).toBe(
      "Video data collection confirmation",
    );
  });

  it("accepts offered options or none, and refuses the rest", () => {
    const settings = ZFormSettings.parse({ behavioralConfirmPopup: { checkboxes: boxes } });
    expect(consentProblems(settings, {})).toEqual([]);
    expect(consentProblems(settings, { behavioralConfirmOptions: [] })).toEqual([]);
    expect(consentProblems(settings, { behavioralConfirmOptions: ["voice"] })).toEqual([]);
    expect(consentProblems(settings, { behavioralConfirmOptions: ["camera"] })).toEqual(["behavioral"]);
    expect(consentProblems(settings, { behavioralConfirmOptions: ["face", "face"] })).toEqual(["behavioral"]);
    // No capturing pop-up on this form: only an empty choice fits it.
    expect(consentProblems(settings, { capturingConfirmOptions: [] })).toEqual([]);
    expect(consentProblems(settings, { capturingConfirmOptions: ["face"] })).toEqual(["capturing"]);
  });

  it("counts a cancelled pop-up as no consent", () => {
    const settings = ZFormSettings.parse({ behavioralConfirmPopup: { checkboxes: boxes } });
    expect(consentGiven(settings, "behavioral", [])).toBe(false);
    expect(consentGiven(settings, "behavioral", undefined)).toBe(false);
    expect(consentGiven(settings, "behavioral", ["face"])).toBe(true);
    expect(consentGiven(settings, "capturing", undefined)).toBe(true);
  });
});
