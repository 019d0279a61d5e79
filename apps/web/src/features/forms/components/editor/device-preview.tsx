import type { TElement } from "@formloom/core/element-schema";
import { startingAnswers } from "@formloom/core/field-types/choice";
import type { RendererSettings } from "@formloom/renderer/form-renderer";
import { Center, Group, Loader, Paper, SegmentedControl, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet } from "@tabler/icons-react";
import { lazy, memo, type ReactNode, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./device-preview.module.css";
import { PREVIEW_ROOT_CLASS, PreviewCustomCss } from "./preview-custom-css.tsx";

const loadPreviewForm = () => import("./preview-form.tsx");
const PreviewForm = lazy(() => loadPreviewForm().then((m) => ({ default: m.PreviewForm })));

/** Starts fetching the preview's renderer, alongside the form's data rather than after it. */
export function preloadPreview() {
  loadPreviewForm().catch(() => undefined);
}

export const DEVICES = ["desktop", "tablet", "phone"] as const;
export type Device = (typeof DEVICES)[number];
export type PreviewMode = "select" | "try";

interface Props {
  className?: string;
  settings: RendererSettings;
  fields: readonly TElement[];
  /** The form language's texts; none for English. */
  catalog: Readonly<Record<string, string>> | undefined;
  selectedFieldId: string | undefined;
  onSelectField(fieldId: string): void;
  /** The selected element as it is edited, drawn ahead of `fields` (which may be a moment behind). */
  selected: TElement | undefined;
  mode: PreviewMode;
  onMode(mode: PreviewMode): void;
  /** Told of the answers typed into the preview while trying the form out. */
  onValuesChange(values: Readonly<Record<string, unknown>>): void;
  /** Shown above the form: the try-it score of a calculation form. */
  banner?: ReactNode;
  /** The form's own style sheet (advanced), drawn as the public page draws it. */
  customCss: string;
}

/**
 * The live preview: the form as respondents see it, in a desktop, tablet or phone frame. In
 * "Select" a click picks the element to edit; in "Try it" the form can be filled (not sent).
 */
export const DevicePreview = memo(function DevicePreview(props: Props) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<Device>("desktop");
  const icon = { desktop: IconDeviceDesktop, tablet: IconDeviceTablet, phone: IconDeviceMobile };
  const names: Record<Device, string> = { desktop: t("Desktop"), tablet: t("Tablet"), phone: t("Phone") };
  const trying = props.mode === "try";
  // The renderer takes the options "chosen at first" when it starts: marking one starts it again.
  const startKey = useMemo(() => JSON.stringify(startingAnswers(props.fields)), [props.fields]);

  return (
    <Paper
      withBorder
      p={0}
      className={`${classes.pane} ${props.className ?? ""}`}
      aria-label={t("Live preview")}
    >
      <Stack gap={6} className={classes.toolbar}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t("Live preview")}
          </Text>
          <Group gap="xs" wrap="wrap">
            <SegmentedControl
              size="xs"
              aria-label={t("Preview mode")}
              value={props.mode}
              onChange={(value) => props.onMode(value as PreviewMode)}
              data={[
                { value: "select", label: t("Select fields") },
                { value: "try", label: t("Try it") },
              ]}
            />
            <SegmentedControl
              size="xs"
              aria-label={t("Device")}
              value={device}
              onChange={(value) => setDevice(value as Device)}
              data={DEVICES.map((value) => {
                const Icon = icon[value];
                return {
                  value,
                  label: (
                    <span title={names[value]} style={{ display: "inline-flex" }}>
                      <Icon size={16} aria-hidden="true" />
                      <VisuallyHidden>{names[value]}</VisuallyHidden>
                    </span>
                  ),
                };
              })}
            />
          </Group>
        </Group>
        {props.banner}
      </Stack>
      {/* The browser's own scrolling, not Mantine's ScrollArea: that one hands its children a new
          context on each drawing, and React then searches the whole form for its readers on
          every keystroke. */}
      <div className={classes.scroller}>
        <div
          className={classes.frame}
          data-device={device}
          data-mode={props.mode}
          data-testid="preview-frame"
        >
          <div className={PREVIEW_ROOT_CLASS}>
            <Suspense fallback={<PreviewLoading />}>
              <PreviewForm
                key={startKey}
                settings={props.settings}
                fields={props.fields}
                catalog={props.catalog}
                selected={props.selected}
                selectedFieldId={trying ? undefined : props.selectedFieldId}
                {...(trying ? {} : { onSelectField: props.onSelectField, inRuns: true })}
                onValuesChange={props.onValuesChange}
              />
            </Suspense>
            <PreviewCustomCss text={props.customCss} />
          </div>
        </div>
      </div>
    </Paper>
  );
});

function PreviewLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
      <VisuallyHidden>{t("Loading…")}</VisuallyHidden>
    </Center>
  );
}
