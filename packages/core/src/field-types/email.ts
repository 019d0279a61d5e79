import { z } from "zod/mini";
import { stringField } from "./text-like.ts";

const emailFormat = z.email();

export const email = stringField("E-mail", (answer) =>
  emailFormat.safeParse(answer).success ? null : "answer.invalid_email",
);
