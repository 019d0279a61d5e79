import { describe, expect, it } from "vitest";
import { consentGiven, consentProblems, offeredConsent } from "./consent.ts";
import { ZFormSettings } from "./form-schema.ts";

const boxes = [
  { id: "face", label: "My face" },
  { id: "voice", label: "My voice" },
];

describe("consent pop-ups", () => {
  it("offers none on a default form", () => {
    const settings = ZFormSettings.parse({});
    expect(offeredConsent(settings, "capturing")).toBeNull();
    expect(offeredConsent(settings, "behavioral")).toBeNull();
  });

  it("offers a pop-up only when shown, with options, for data the form collects", () => {
    const behavioral = ZFormSettings.parse({ behavioralConfirmPopup: { checkboxes: boxes } });
    expect(offeredConsent(behavioral, "behavioral")?.header).toBe("Behavioral data collection confirmation");
    expect(offeredConsent({ ...behavioral, collectBehaviorData: false }, "behavioral")).toBeNull();
    const hidden = ZFormSettings.parse({ behavioralConfirmPopup: { show: false, checkboxes: boxes } });
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
