import { describe, expect, it } from "vitest";
import { RECORDER_BITRATES, recordingBitrates, recordingMaxBytes } from "./media-questions.ts";

const MB = 1024 * 1024;
/** The bytes a recording of `seconds` takes at these rates. */
const bytesOf = (rates: { video?: number; audio: number }, seconds: number) =>
  ((rates.video ?? 0) + rates.audio) * (seconds / 8);

describe("video and audio questions", () => {
  it("keeps a recording to the question's own file limit and the server's, the smaller", () => {
    expect(recordingMaxBytes(undefined, 10)).toBe(10 * MB);
    expect(recordingMaxBytes(5, 10)).toBe(5 * MB);
    expect(recordingMaxBytes(20, 10)).toBe(10 * MB);
    expect(recordingMaxBytes(0.5, undefined)).toBe(MB / 2);
    expect(recordingMaxBytes(undefined, undefined)).toBeUndefined();
  });

  it("records a question's whole length within its size, at full quality when that fits", () => {
    // The default two minutes under the server's default 10 MB: at full quality it would be 16 MB.
    const long = recordingBitrates(120, 10 * MB, true);
    expect(bytesOf(long, 120)).toBeLessThan(10 * MB * 0.9);
    expect(long.video).toBeLessThan(RECORDER_BITRATES.video.max);
    expect(long.video).toBeGreaterThanOrEqual(RECORDER_BITRATES.video.min);
    // Half a minute fits at full quality, as does any length with no size known.
    expect(recordingBitrates(30, 10 * MB, true)).toEqual({
      video: RECORDER_BITRATES.video.max,
      audio: RECORDER_BITRATES.audio.max,
    });
    expect(recordingBitrates(600, undefined, true)).toEqual({
      video: RECORDER_BITRATES.video.max,
      audio: RECORDER_BITRATES.audio.max,
    });
    // A sound has no video rate, and its own rate falls to fit ten minutes in 3 MB.
    const sound = recordingBitrates(600, 3 * MB, false);
    expect(sound.video).toBeUndefined();
    expect(bytesOf(sound, 600)).toBeLessThan(3 * MB * 0.9);
    expect(sound.audio).toBeGreaterThanOrEqual(RECORDER_BITRATES.audio.min);
    // Where not even the lowest rates fit, the lowest are asked for; the recorder then stops at the size.
    expect(recordingBitrates(600, MB / 2, true)).toEqual({
      video: RECORDER_BITRATES.video.min,
      audio: RECORDER_BITRATES.audio.min,
    });
  });
});
