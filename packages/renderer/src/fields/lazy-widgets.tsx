import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import type { FieldProps } from "../field-props.ts";
import { useTranslate } from "../translate-context.ts";
import type { DisplayProps } from "./display-fields.tsx";

/**
 * The heavy widgets (signature pad, map, code reader) and the rarer display elements load their
 * code only when a form has them, so the public page of a typical form stays small.
 */
function whenLoaded<P extends object>(Component: LazyExoticComponent<ComponentType<P>>) {
  return function LazyWidget(props: P) {
    const translate = useTranslate();
    const loading = <p className="fl-comment">{translate("widget.loading")}</p>;
    // The server draws the page without them; the browser loads them as it takes the page over.
    if (typeof window === "undefined") return loading;
    return (
      <Suspense fallback={loading}>
        <Component {...props} />
      </Suspense>
    );
  };
}

export const SignatureField = whenLoaded<FieldProps>(
  lazy(() => import("./signature-field.tsx").then((m) => ({ default: m.SignatureField }))),
);
export const MapField = whenLoaded<FieldProps>(
  lazy(() => import("./point-field.tsx").then((m) => ({ default: m.MapField }))),
);
export const LocationField = whenLoaded<FieldProps>(
  lazy(() => import("./point-field.tsx").then((m) => ({ default: m.LocationField }))),
);
export const QrCodeField = whenLoaded<FieldProps>(
  lazy(() => import("./qr-code-field.tsx").then((m) => ({ default: m.QrCodeField }))),
);
export const ImageSlider = whenLoaded<DisplayProps>(
  lazy(() => import("./image-slider.tsx").then((m) => ({ default: m.ImageSlider }))),
);
export const PopupBlock = whenLoaded<DisplayProps>(
  lazy(() => import("./popup-block.tsx").then((m) => ({ default: m.PopupBlock }))),
);
