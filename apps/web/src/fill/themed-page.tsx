import type { TFormSettings } from "@formloom/core/form-schema";
import { isAllowedPicture } from "@formloom/core/style-guard";
import { formStyleVariables, resolveFormStyle } from "@formloom/core/styling";
import type { CSSProperties, ReactNode } from "react";
import "./themed-page.css";

/**
 * The public page in the form's theme: the page's own background, and the form's colours, font
 * and corners on everything drawn around the questions (welcome screen, thank-you page), through
 * the same CSS variables the form itself takes; the brand's logo over them all.
 */
export function ThemedPage({
  form,
  children,
}: {
  form: Pick<TFormSettings, "formStyling" | "formColor"> & Partial<Pick<TFormSettings, "logo">>;
  children: ReactNode;
}) {
  const slots = { formStyling: form.formStyling ?? {}, fieldsGeneralStyling: {}, fieldsTypesStyling: {} };
  const vars = formStyleVariables(resolveFormStyle(slots), form.formColor);
  // A width the author chose is kept, as the form keeps it (renderer's form-style.ts).
  if (form.formStyling?.width !== undefined && vars["--fl-form-width"]) vars["--fl-form-max-width"] = "100%";
  const style = vars as CSSProperties;
  return (
    <div className="fill-theme" style={style}>
      {form.logo && isAllowedPicture(form.logo) && (
        <div className="fill-logo">
          <img src={form.logo} alt="" />
        </div>
      )}
      {children}
    </div>
  );
}
