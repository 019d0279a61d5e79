import { z } from "zod/mini";
import { defineFieldType } from "./definition.ts";
import { checkRange } from "./numeric.ts";
import { questionDefaults } from "./text-like.ts";

const ZMoney = z.object({ amount: z.number(), currency: z.string().check(z.length(3)) });

export const currency = defineFieldType<z.infer<typeof ZMoney> | null>({
  category: "field",
  label: "Currency",
  createDefault: () => ({ ...questionDefaults(), fieldSettings: { chosenCurrencies: ["EUR", "USD"] } }),
  answerSchema: z.nullable(ZMoney),
  isEmpty: (answer) => answer === null,
  validate: (element, answer) => {
    if (answer === null) return null;
    const allowed = element.fieldSettings.chosenCurrencies;
    if (allowed?.length && !allowed.includes(answer.currency)) return "answer.invalid";
    return checkRange(element, answer.amount);
  },
  toText: (_element, answer) => (answer ? `${answer.amount} ${answer.currency}` : ""),
});
