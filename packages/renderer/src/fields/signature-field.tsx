import { useEffect, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import type { FieldProps } from "../field-props.ts";
import { useTranslate } from "../translate-context.ts";
import "./widgets.css";

/** The typed name drawn as handwriting, in the same PNG form a drawn signature takes. */
function typedSignature(name: string): string {
  const canvas = document.createElement("canvas");
  canvas.width = 600;
  canvas.height = 160;
  const context = canvas.getContext("2d");
  if (!context) return "";
  let size = 56;
  const fontOf = (px: number) =>
    `italic ${px}px "Segoe Script", "Brush Script MT", "Snell Roundhand", cursive`;
  context.font = fontOf(size);
  while (size > 16 && context.measureText(name).width > canvas.width - 40) {
    size -= 4;
    context.font = fontOf(size);
  }
  context.fillStyle = "#1f2430";
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(name, canvas.width / 2, canvas.height / 2);
  return canvas.toDataURL("image/png");
}

/**
 * A signature drawn with a mouse, finger or pen; or, for keyboards and assistive technology, a
 * typed name turned into the same kind of picture. Either way the answer is a PNG data URL.
 */
export function SignatureField(props: FieldProps) {
  const translate = useTranslate();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  const [typed, setTyped] = useState("");
  const value = typeof props.value === "string" ? props.value : "";
  // A signature given before (the respondent left its page and came back) is shown again.
  const initial = useRef(value);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: "#1f2430", minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    let size = "";
    // The drawing surface follows the box's size and the screen's density; strokes are kept.
    const resize = () => {
      const next = `${canvas.offsetWidth}x${canvas.offsetHeight}`;
      if (next === size || canvas.offsetWidth === 0) return;
      size = next;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    resize();
    if (initial.current) void pad.fromDataURL(initial.current).catch(() => undefined);
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    const drawn = () => {
      setTyped("");
      onChangeRef.current(pad.isEmpty() ? "" : pad.toDataURL("image/png"));
    };
    pad.addEventListener("endStroke", drawn);
    return () => {
      observer.disconnect();
      pad.removeEventListener("endStroke", drawn);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (props.disabled) pad.off();
    else pad.on();
  }, [props.disabled]);

  const type = (name: string) => {
    setTyped(name);
    padRef.current?.clear();
    props.onChange(name.trim() ? typedSignature(name.trim()) : "");
  };

  const clear = () => {
    padRef.current?.clear();
    setTyped("");
    props.onChange("");
  };

  const question = props.element.question || props.element.title;
  return (
    <fieldset
      className="fl-signature fl-widget-group"
      id={props.inputId}
      aria-label={question}
      aria-describedby={props.describedBy}
      data-disabled={props.disabled || undefined}
    >
      <div className="fl-signature-frame" data-invalid={props.invalid || undefined}>
        <canvas
          ref={canvasRef}
          className="fl-signature-pad"
          role="img"
          aria-label={translate("widget.signature.pad")}
        />
        {typed && value && (
          <img className="fl-signature-typed" src={value} alt={translate("widget.signature.preview")} />
        )}
      </div>
      <div className="fl-widget-row">
        <label className="fl-widget-label">
          <span className="fl-part-label">{translate("widget.signature.typed")}</span>
          <input
            className="fl-input"
            type="text"
            autoComplete="name"
            maxLength={120}
            value={typed}
            disabled={props.disabled}
            aria-invalid={props.invalid || undefined}
            aria-required={props.element.isRequired || undefined}
            aria-describedby={props.describedBy}
            onChange={(e) => type(e.currentTarget.value)}
          />
        </label>
        <button
          type="button"
          className="fl-widget-button"
          disabled={props.disabled || !value}
          onClick={clear}
        >
          {translate("widget.signature.clear")}
        </button>
      </div>
    </fieldset>
  );
}
