import { useId } from "react";
import { useTranslation } from "react-i18next";
import classes from "./layout-picker.module.css";
import { LAYOUTS, type LayoutType, layoutDrawing } from "./layout-shapes.ts";

/** A small drawing of a layout: header and footer bands, and the columns in their proportions. */
export function LayoutThumbnail({ type }: { type: LayoutType }) {
  const { columns, header, footer } = layoutDrawing(type);
  const width = 64;
  const height = 44;
  const pad = 4;
  const gap = 3;
  const top = pad + (header ? 9 : 0);
  const bottom = height - pad - (footer ? 9 : 0);
  const total = columns.reduce((a, b) => a + b, 0);
  const room = width - 2 * pad - gap * (columns.length - 1);
  let x = pad;
  return (
    <svg className={classes.thumb} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
      <rect className={classes.paper} x={0.5} y={0.5} width={width - 1} height={height - 1} rx={3} />
      {header && <rect className={classes.band} x={pad} y={pad} width={width - 2 * pad} height={6} rx={1} />}
      {columns.map((share, index) => {
        const w = (room * share) / total;
        const rect = (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
          <rect key={index} className={classes.column} x={x} y={top} width={w} height={bottom - top} rx={1} />
        );
        x += w + gap;
        return rect;
      })}
      {footer && (
        <rect
          className={classes.band}
          x={pad}
          y={height - pad - 6}
          width={width - 2 * pad}
          height={6}
          rx={1}
        />
      )}
    </svg>
  );
}

/** The layouts' names, in the interface's language. */
export function useLayoutNames(): Record<LayoutType, string> {
  const { t } = useTranslation();
  return {
    "1-col": t("Single column"),
    "1-col-header": t("Single column with header"),
    "1-col-footer": t("Single column with footer"),
    "1-col-header-footer": t("Single column with header and footer"),
    "2-col": t("2 equal columns"),
    "2-col-header": t("2 equal columns with header"),
    "3-col": t("3 equal columns"),
    "3-col-header": t("3 equal columns with header"),
    "4-col": t("4 equal columns"),
    "4-col-header": t("4 equal columns with header"),
    "2-col-33-67": t("2 columns, 33/67"),
    "2-col-33-67-header": t("2 columns, 33/67, with header"),
    "2-col-67-33": t("2 columns, 67/33"),
    "2-col-67-33-header": t("2 columns, 67/33, with header"),
  };
}

/**
 * The 14 layouts of forms.md §9 as a radio group of drawings: Tab reaches the chosen one, the
 * arrow keys move the choice, as with any radio group.
 */
export function LayoutPicker({ value, onChange }: { value: LayoutType; onChange(type: LayoutType): void }) {
  const { t } = useTranslation();
  const names = useLayoutNames();
  const name = useId();
  return (
    <fieldset className={classes.grid}>
      <legend
        style={{
          gridColumn: "1 / -1",
          fontWeight: 500,
          fontSize: "var(--mantine-font-size-sm)",
          marginBottom: 6,
        }}
      >
        {t("Layout")}
      </legend>
      {LAYOUTS.map((type) => (
        <label key={type} className={classes.option}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={type}
            checked={value === type}
            onChange={() => onChange(type)}
          />
          <LayoutThumbnail type={type} />
          <span>{names[type]}</span>
        </label>
      ))}
    </fieldset>
  );
}
