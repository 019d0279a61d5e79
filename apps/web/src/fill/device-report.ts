/** A language tag the server takes (core's ZReportedDevice). */
const LANGUAGE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/;

const size = (value: number) => (Number.isFinite(value) && value >= 1 ? { value: Math.round(value) } : null);

/**
 * What the browser tells of itself with a submission (forms.md §3 device data): the screen's width
 * and height in CSS pixels, its platform and its language. The server adds type, system and
 * browser from the User-Agent and checks these.
 */
export function reportedDevice(): { width?: number; height?: number; platform?: string; language?: string } {
  const width = size(window.screen?.width ?? 0);
  const height = size(window.screen?.height ?? 0);
  const hints = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  const platform = (hints?.platform || navigator.platform || "").trim().slice(0, 64);
  const language = navigator.language;
  return {
    ...(width ? { width: width.value } : {}),
    ...(height ? { height: height.value } : {}),
    ...(platform ? { platform } : {}),
    ...(LANGUAGE.test(language ?? "") ? { language } : {}),
  };
}
