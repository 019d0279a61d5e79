import { stringField } from "./text-like.ts";

const PHONE = /^\+?[0-9 ()\-.]{5,24}$/;

export const phone = stringField("Phone", (answer) =>
  PHONE.test(answer) && answer.replace(/\D/g, "").length >= 5 ? null : "answer.invalid_phone",
);
