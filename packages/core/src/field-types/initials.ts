import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { questionDefaults } from "./text-like.ts";

const ZName = z.object({
  firstName: z.string().check(z.maxLength(200)),
  lastName: z.string().check(z.maxLength(200)),
  patronymic: z.optional(z.string().check(z.maxLength(200))),
});

/** A person's name in parts; the patronymic only when the element shows it. */
export const initials = defineFieldType<z.infer<typeof ZName>>({
  category: "field",
  label: "Full name",
  createDefault: () => ({ ...questionDefaults(), fieldSettings: { showPatronymic: false } }),
  answerSchema: ZName,
  isEmpty: (answer) =>
    [answer.firstName, answer.lastName, answer.patronymic ?? ""].every((part) => part.trim() === ""),
  validate: (element, answer) => {
    if (answer.patronymic?.trim() && !element.fieldSettings.showPatronymic) return "answer.invalid";
    return answer.firstName.trim() && answer.lastName.trim() ? null : "answer.incomplete_name";
  },
  toText: (_element, answer) =>
    [answer.firstName, answer.patronymic, answer.lastName].filter((part) => part?.trim()).join(" "),
});
