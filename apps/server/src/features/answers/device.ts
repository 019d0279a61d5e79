import UAParser from "ua-parser-js";

/** Device data of a submission, read from the browser's User-Agent and Accept-Language. */
export function deviceFromHeaders(userAgent: string | undefined, acceptLanguage: string | undefined) {
  const parsed = new UAParser(userAgent ?? "").getResult();
  const os = [parsed.os.name, parsed.os.version].filter(Boolean).join(" ");
  const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(" ");
  return {
    type: parsed.device.type ?? (userAgent ? "desktop" : "unknown"),
    os: os || "unknown",
    browser: browser || "unknown",
    language: acceptLanguage?.split(",")[0]?.split(";")[0]?.trim().slice(0, 20) || "unknown",
    platform: parsed.cpu.architecture ?? parsed.os.name ?? "unknown",
  };
}
