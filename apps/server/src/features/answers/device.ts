import type { ZReportedDevice } from "@formloom/core/submission";
import UAParser from "ua-parser-js";
import type { z } from "zod";

export interface Device {
  type: string;
  os: string;
  browser: string;
  language: string;
  platform: string;
  /** The screen in CSS pixels, as the browser told it. */
  width?: number;
  height?: number;
}

/** Parsing a User-Agent is the costliest step of a submission; browsers repeat a few hundred. */
const MAX_REMEMBERED = 500;
const remembered = new Map<string, Device>();

/** Device data of a submission, read from the browser's User-Agent and Accept-Language. */
export function deviceFromHeaders(userAgent: string | undefined, acceptLanguage: string | undefined): Device {
  const key = `${userAgent ?? ""}\n${acceptLanguage ?? ""}`;
  const known = remembered.get(key);
  if (known) return known;
  const device = parseDevice(userAgent, acceptLanguage);
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, device);
  return device;
}

/**
 * Device data of a submission: what the server reads from the headers, with the screen size, the
 * platform and the language the page reported (checked by core's ZReportedDevice) where it did.
 */
export function deviceOf(
  userAgent: string | undefined,
  acceptLanguage: string | undefined,
  reported: z.infer<typeof ZReportedDevice> | undefined,
): Device {
  const device = deviceFromHeaders(userAgent, acceptLanguage);
  if (!reported) return device;
  return {
    ...device,
    ...(reported.platform?.trim() ? { platform: reported.platform.trim() } : {}),
    ...(reported.language ? { language: reported.language } : {}),
    ...(reported.width === undefined ? {} : { width: reported.width }),
    ...(reported.height === undefined ? {} : { height: reported.height }),
  };
}

function parseDevice(userAgent: string | undefined, acceptLanguage: string | undefined): Device {
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
