import { stringField } from "./text-like.ts";

/** Never shown in tables or exports, and never scored. */
export const password = stringField("Password", undefined, {
  correctness: undefined,
  toText: () => "••••••••",
});
