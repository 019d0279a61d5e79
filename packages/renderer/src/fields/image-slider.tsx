import { useState } from "react";
import { useTranslate } from "../translate-context.ts";
import type { DisplayProps } from "./display-fields.tsx";
import "./widgets.css";

/** A picture is only drawn from the web, the site itself or an inline image. */
const SAFE_IMAGE_URL = /^(https?:\/\/|\/(?!\/)|data:image\/)/i;

/** The element's pictures one at a time, turned with buttons (and so with the keyboard). */
export function ImageSlider({ element, id }: DisplayProps) {
  const translate = useTranslate();
  const images = (element.fieldSettings.images ?? []).filter((image) => SAFE_IMAGE_URL.test(image.url));
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const at = Math.min(index, images.length - 1);
  const image = images[at];
  if (!image) return null;
  const turn = (step: number) => setIndex((at + step + images.length) % images.length);
  return (
    <section
      className="fl-carousel"
      id={id}
      aria-roledescription="carousel"
      aria-label={element.title || translate("widget.slider.pictures")}
    >
      <figure className="fl-carousel-figure">
        <img src={image.url} alt={image.caption || element.title} decoding="async" />
        {image.caption && <figcaption aria-hidden="true">{image.caption}</figcaption>}
      </figure>
      {images.length > 1 && (
        <div className="fl-widget-row fl-carousel-nav">
          <button
            type="button"
            className="fl-widget-button"
            aria-label={translate("widget.slider.previous")}
            onClick={() => turn(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <span className="fl-carousel-position" aria-live="polite">
            {at + 1} / {images.length}
          </span>
          <button
            type="button"
            className="fl-widget-button"
            aria-label={translate("widget.slider.next")}
            onClick={() => turn(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
