import { BrowserMultiFormatReader, type IScannerControls } from "@zxing/browser";
import { DecodeHintType } from "@zxing/library";
import { useEffect, useRef, useState } from "react";
import type { FieldProps } from "../field-props.ts";
import { useTranslate } from "../translate-context.ts";
import "./widgets.css";

function newReader(): BrowserMultiFormatReader {
  // Pictures are read once, so it is worth looking hard; QR and the usual bar codes alike.
  return new BrowserMultiFormatReader(new Map([[DecodeHintType.TRY_HARDER, true]]));
}

const canUseCamera = () => typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * The text of a QR or bar code: typed (the keyboard's way, always there), read from a picture,
 * or scanned with the device's camera. What was read lands in the text input and can be edited.
 */
export function QrCodeField(props: FieldProps) {
  const translate = useTranslate();
  const [scanning, setScanning] = useState(false);
  const [status, setStatus] = useState<{ code: string; error: boolean } | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const controlsRef = useRef<IScannerControls | null>(null);
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  const value = typeof props.value === "string" ? props.value : "";

  const stop = () => {
    controlsRef.current?.stop();
    controlsRef.current = null;
    setScanning(false);
  };
  useEffect(() => () => controlsRef.current?.stop(), []);

  useEffect(() => {
    const video = videoRef.current;
    if (!scanning || !video) return;
    let cancelled = false;
    newReader()
      .decodeFromVideoDevice(undefined, video, (result, _error, controls) => {
        if (!result) return;
        controls.stop();
        controlsRef.current = null;
        setScanning(false);
        setStatus({ code: "widget.code.read", error: false });
        onChangeRef.current(result.getText());
      })
      .then((controls) => {
        if (cancelled) controls.stop();
        else controlsRef.current = controls;
      })
      .catch(() => {
        setScanning(false);
        setStatus({ code: "widget.code.camera_error", error: true });
      });
    return () => {
      cancelled = true;
    };
  }, [scanning]);

  const readPicture = async (file: File | undefined) => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    try {
      const result = await newReader().decodeFromImageUrl(url);
      setStatus({ code: "widget.code.read", error: false });
      props.onChange(result.getText());
    } catch {
      setStatus({ code: "widget.code.not_found", error: true });
    } finally {
      URL.revokeObjectURL(url);
    }
  };

  return (
    <div className="fl-code-reader">
      <input
        id={props.inputId}
        className="fl-input"
        type="text"
        autoComplete="off"
        value={value}
        maxLength={props.element.validationSettings.maxLength}
        placeholder={props.element.fieldSettings.placeholder ?? ""}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-required={props.element.isRequired || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      <div className="fl-widget-row">
        {canUseCamera() && (
          <button
            type="button"
            className="fl-widget-button"
            disabled={props.disabled}
            aria-pressed={scanning}
            onClick={() => {
              setStatus(null);
              if (scanning) stop();
              else setScanning(true);
            }}
          >
            {translate(scanning ? "widget.code.camera_stop" : "widget.code.camera")}
          </button>
        )}
        <label className="fl-widget-button fl-file-button" data-disabled={props.disabled || undefined}>
          <input
            type="file"
            accept="image/*"
            className="fl-visually-hidden"
            disabled={props.disabled}
            onChange={(e) => {
              const input = e.currentTarget;
              void readPicture(input.files?.[0]).then(() => {
                input.value = "";
              });
            }}
          />
          {translate("widget.code.image")}
        </label>
      </div>
      {scanning && (
        <video
          ref={videoRef}
          className="fl-code-video"
          muted
          playsInline
          aria-label={translate("widget.code.camera_view")}
        />
      )}
      <p
        className={status?.error ? "fl-widget-error" : "fl-widget-status"}
        role={status?.error ? "alert" : "status"}
      >
        {status && translate(status.code)}
      </p>
    </div>
  );
}
