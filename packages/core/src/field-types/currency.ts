import { z } from "zod";
import { defineFieldType } from "./definition.ts";
import { checkRange } from "./numeric.ts";
import { questionDefaults } from "./text-like.ts";

const ZMoney = z.object({ amount: z.number().finite(), currency: z.string().length(3) });

export const currency = defineFieldType<z.infer<typeof ZMoney> | null>({
  category: "field",
  label: "Currency",
  createDefault: () => ({ ...questionDefaults(), fieldSettings: { chosenCurrencies: ["EUR", "USD"] } }),
  answerSchema: ZMoney.nullable(),
  isEmpty: (answer) => answer === null,
  validate: (element, answer) => {
    if (answer === null) return null;
    const allowed = element.fieldSettings.chosenCurrencies;
    if (allowed?.length && !allowed.includes(answer.currency)) return "answer.invalid";
    return checkRange(element, answer.amount);
  },
  toText: (_element, answer) => (answer ? `${answer.amount} ${answer.currency}` : ""),
});
