import { describe, expect, it } from "vitest";
import { DEFAULT_CONSENT_OPTIONS, offeredConsent } from "./consent.ts";
import { ZFormSettings } from "./form-schema.ts";
import { isBehaviourEvent, replayRecordsPointer, replayShowsTyping } from "./session-recording.ts";

const agreed = [DEFAULT_CONSENT_OPTIONS.behavioral.id];

describe("session recording", () => {
  it("asks the capturing pop-up of a form that records sessions, even where the author hid it", () => {
    const settings = ZFormSettings.parse({ hasSessionRecording: true });
    expect(offeredConsent(settings, "capturing")?.checkboxes.map((box) => box.id)).toEqual([
      DEFAULT_CONSENT_OPTIONS.capturing.id,
    ]);
    expect(offeredConsent(ZFormSettings.parse({}), "capturing")).toBeNull();
  });

  it("tells the respondent of a form that only records the session that the session is recorded, not a video", () => {
    const session = offeredConsent(ZFormSettings.parse({ hasSessionRecording: true }), "capturing");
    expect(session?.header).toBe("Session recording confirmation");
    const option = session?.checkboxes[0]?.label ?? "";
    expect(option).toMatch(/session/i);
    expect(option).not.toMatch(/video|audio/i);
    // Both recorded: the option names both; the camera alone keeps the video wording.
    const both = offeredConsent(
      ZFormSettings.parse({ hasSessionRecording: true, isCaptureVideo: true }),
      "capturing",
    );
    expect(both?.header).toBe("Video data collection confirmation");
    expect(both?.checkboxes[0]?.label).toMatch(/video.*session/i);
    const video = offeredConsent(ZFormSettings.parse({ isCaptureVideo: true }), "capturing");
    expect(video?.checkboxes).toEqual([DEFAULT_CONSENT_OPTIONS.capturing]);
    // An author's own header stays.
    const authored = ZFormSettings.parse({
      hasSessionRecording: true,
      capturingConfirmPopup: { header: "May we record?" },
    });
    expect(offeredConsent(authored, "capturing")?.header).toBe("May we record?");
  });

  it("tells the respondent of a form that recognises faces that the camera is used on the device, and for what", () => {
    const option = (settings: object) =>
      offeredConsent(ZFormSettings.parse(settings), "capturing")?.checkboxes[0]?.label ?? "";
    const recognition = option({ hasEmotionsRecognition: true });
    expect(recognition).toMatch(/recogni[sz]e my face/);
    expect(recognition).toMatch(/not recorded/);
    expect(option({ hasFaceRecognition: true, isCaptureVideo: true })).toMatch(
      /recording and to face recognition/,
    );
    expect(option({ hasAgeGenderRecognition: true, hasSessionRecording: true })).toMatch(
      /^I agree to session recording and to face recognition/,
    );
    expect(option({ hasFaceRecognition: true, isCaptureAudio: true, hasSessionRecording: true })).toMatch(
      /video, audio and session recording and to face recognition/,
    );
    expect(
      offeredConsent(
        ZFormSettings.parse({ hasFaceRecognition: true, hasSessionRecording: true }),
        "capturing",
      )?.header,
    ).toBe("Video data collection confirmation");
  });

  it("records pointer clicks and moves, scrolling and media played only with the behavioural consent, focus and blur always", () => {
    const asked = ZFormSettings.parse({ hasSessionRecording: true });
    expect(replayRecordsPointer(asked, agreed)).toBe(true);
    expect(replayRecordsPointer(asked, [])).toBe(false);
    expect(replayRecordsPointer(asked, null)).toBe(false);
    // Where the behavioural pop-up is not asked, nobody agreed to more than focus and blur.
    expect(replayRecordsPointer({ ...asked, collectRealCharacters: false }, undefined)).toBe(false);
    expect(replayRecordsPointer({ ...asked, collectBehaviorData: false }, undefined)).toBe(false);

    const incremental = (source: number, data: Record<string, unknown> = {}) => ({
      type: 3,
      timestamp: 1,
      data: { source, ...data },
    });
    expect(isBehaviourEvent(incremental(1))).toBe(true); // mouse move
    expect(isBehaviourEvent(incremental(6))).toBe(true); // touch move
    expect(isBehaviourEvent(incremental(12))).toBe(true); // drag
    expect(isBehaviourEvent(incremental(14))).toBe(true); // selection
    expect(isBehaviourEvent(incremental(2, { type: 2 }))).toBe(true); // click
    expect(isBehaviourEvent(incremental(2, { type: 7 }))).toBe(true); // touch start
    expect(isBehaviourEvent(incremental(3, { id: 1, x: 0, y: 400 }))).toBe(true); // scroll
    expect(isBehaviourEvent(incremental(7, { type: 0, id: 9 }))).toBe(true); // a video played
    expect(isBehaviourEvent(incremental(2, { type: 5 }))).toBe(false); // focus
    expect(isBehaviourEvent(incremental(2, { type: 6 }))).toBe(false); // blur
    expect(isBehaviourEvent(incremental(5, { text: "***" }))).toBe(false); // input
    expect(isBehaviourEvent(incremental(0))).toBe(false); // the page changing
    expect(isBehaviourEvent({ type: 2, data: { source: 1 } })).toBe(false); // a snapshot
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
