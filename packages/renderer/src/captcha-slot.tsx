import { createContext, type ReactNode, useContext } from "react";
import type { DisplayProps } from "./fields/display-fields.tsx";
import { useTranslate } from "./translate-context.ts";

/**
 * The page's captcha check, drawn where the form places its captcha element. The public page
 * provides it (the check needs the page's server); without it, the builder's preview shows
 * what respondents will meet there.
 */
export const CaptchaSlotContext = createContext<ReactNode | undefined>(undefined);

export function CaptchaSlot({ id }: DisplayProps) {
  const check = useContext(CaptchaSlotContext);
  const translate = useTranslate();
  if (check !== undefined) return <div id={id}>{check}</div>;
  return (
    <p id={id} className="fl-comment">
      {translate("widget.captcha.preview")}
    </p>
  );
}
