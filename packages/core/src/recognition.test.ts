import { describe, expect, it } from "vitest";
import { EXPECTED_EMOTIONS } from "./element-schema.ts";
import { EMOTIONS, sampleEmotion, summarizeSamples } from "./recognition.ts";

describe("recognition", () => {
  it("recognises the emotions an element may expect, in the same order", () => {
    expect(EMOTIONS).toEqual(EXPECTED_EMOTIONS);
  });

  it("adds up a question's looks: the mean emotions of those with a face, its dominant one, age and gender", () => {
    const summary = summarizeSamples([
      { at: 0, faces: 1, emotions: { happy: 0.8, sad: 0.2 }, age: 30, gender: "female" },
      { at: 1000, faces: 0 },
      { at: 2000, faces: 2, emotions: { happy: 0.2, sad: 0.6, angry: 0.2 }, age: 35, gender: "female" },
    ]);
    expect(summary).toMatchObject({
      samples: 3,
      withFace: 2,
      maxFaces: 2,
      dominant: "happy",
      age: 33,
      gender: "female",
    });
    expect(summary.emotions).toMatchObject({ happy: 0.5, sad: 0.4, angry: 0.1, neutral: 0 });
  });

  it("finds no emotion, age or gender where no face was found", () => {
    expect(summarizeSamples([{ at: 0, faces: 0 }])).toEqual({
      samples: 1,
      withFace: 0,
      maxFaces: 0,
      dominant: null,
      emotions: null,
      age: null,
      gender: null,
    });
    expect(sampleEmotion({ at: 0, faces: 0 })).toBeNull();
    expect(sampleEmotion({ at: 0, faces: 1, emotions: { neutral: 0.3, fearful: 0.7 } })).toBe("fearful");
  });
});
