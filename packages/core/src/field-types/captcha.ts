import { displayElement } from "./display.ts";

/** Shown as a captcha challenge; its solution travels beside the answers (submission.captcha). */
export const captcha = displayElement("Captcha", { title: "Captcha", isRequired: true });
