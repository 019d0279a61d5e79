import { isValidWebsite } from "../links.ts";
import { stringField } from "./text-like.ts";

export const website = stringField("Website", (answer) =>
  isValidWebsite(answer) ? null : "answer.invalid_website",
);
