import { describe, expect, it } from "vitest";
import { DEFAULT_CONSENT_OPTIONS, offeredConsent } from "./consent.ts";
import { ZFormSettings } from "./form-schema.ts";
import { replayShowsTyping } from "./session-recording.ts";

const agreed = [DEFAULT_CONSENT_OPTIONS.behavioral.id];

describe("session recording", () => {
  it("asks the capturing pop-up of a form that records sessions, even where the author hid it", () => {
    const settings = ZFormSettings.parse({ hasSessionRecording: true });
    expect(offeredConsent(settings, "capturing")?.checkboxes).toEqual([DEFAULT_CONSENT_OPTIONS.capturing]);
    expect(offeredConsent(ZFormSettings.parse({}), "capturing")).toBeNull();
  });

  it("shows typing in the replay only where real characters are kept and the respondent agreed", () => {
    const keeping = ZFormSettings.parse({ hasSessionRecording: true });
    expect(replayShowsTyping(keeping, agreed)).toBe(true);
    expect(replayShowsTyping(keeping, [])).toBe(false);
    expect(replayShowsTyping(keeping, null)).toBe(false);
    expect(replayShowsTyping({ ...keeping, collectRealCharacters: false }, agreed)).toBe(false);
    expect(replayShowsTyping({ ...keeping, collectBehaviorData: false }, undefined)).toBe(false);
  });
});
