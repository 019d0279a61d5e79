import { type Browser, chromium } from "playwright-core";

/**
 * A Chromium of a test file's own with a fake camera and microphone that never asks: the shared
 * browser has neither. The camera shows Chromium's test pattern, or plays `clip` (a Y4M or MJPEG
 * file) in a loop; the microphone beeps.
 */
export function launchWithFakeMedia(clip?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      ...(clip ? [`--use-file-for-fake-video-capture=${clip}`] : []),
    ],
  });
}
