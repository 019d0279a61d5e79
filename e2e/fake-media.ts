import { type Browser, chromium } from "playwright-core";
import { BROWSER_ARGS, TEST_BROWSER } from "./global-setup.ts";

/**
 * A Chromium of a test file's own with a fake camera and microphone that never asks: the shared
 * browser has neither. The camera shows Chromium's test pattern, or plays `clip` (a Y4M or MJPEG
 * file) in a loop; the microphone beeps.
 */
export function launchWithFakeMedia(clip?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_BROWSER,
    headless: true,
    args: [
      ...BROWSER_ARGS,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      ...(clip ? [`--use-file-for-fake-video-capture=${clip}`] : []),
    ],
  });
}
