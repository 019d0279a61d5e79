import { describe, expect, it } from "vitest";
import { localProblem } from "./upload-field.tsx";

describe("the browser's look at a file before sending it", () => {
  it("judges its kind and size only: the recorder asks it of empty files to learn the formats a question takes", () => {
    const empty = (name: string, type: string) => new File([], name, { type });
    expect(localProblem(empty("recording.webm", "video/webm"), "video", undefined)).toBeNull();
    expect(localProblem(empty("recording.webm", "audio/webm"), "audio", ["audio/webm"])).toBeNull();
    expect(localProblem(empty("recording.mp4", "video/mp4"), "video", ["video/webm"])).toBe(
      "answer.file_type",
    );
    expect(localProblem(new File(["x".repeat(2048)], "a.txt"), "file", undefined, 0.001)).toBe(
      "answer.file_too_large",
    );
  });
});
