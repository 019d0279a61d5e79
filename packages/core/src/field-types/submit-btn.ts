import { DEFAULT_TEXTS } from "../defaults.ts";
import { displayElement } from "./display.ts";

export const submitBtn = displayElement("Submit button", { title: DEFAULT_TEXTS.sendButton });
