import { NumberInput, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DraftSettings } from "../use-form-draft.ts";
import type { SectionProps } from "./types.ts";

type CursorOut = DraftSettings["cursorOutActions"];

const whole = (value: string | number, max: number) =>
  typeof value === "number" && Number.isFinite(value) ? Math.min(Math.max(0, Math.floor(value)), max) : 0;

/** What happens when a respondent's cursor leaves the form: count it, warn, take points off, send the form. */
export function CursorOutSection({ settings, onChange }: SectionProps) {
  const { t } = useTranslation();
  const actions = settings.cursorOutActions;
  const set = (patch: Partial<CursorOut>) => onChange({ cursorOutActions: { ...actions, ...patch } });
  return (
    <Stack gap="sm">
      <Switch
        label={t("Count the times the cursor leaves the form")}
        checked={actions.countCases}
        onChange={(e) => set({ countCases: e.currentTarget.checked })}
      />
      {actions.countCases ? (
        <>
          <NumberInput
            label={t("Times allowed")}
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={actions.allowAmount}
            onChange={(value) => set({ allowAmount: whole(value, 1000) })}
          />
          <Switch
            label={t("Show a warning pop-up")}
            checked={actions.showWarningPopup}
            onChange={(e) => set({ showWarningPopup: e.currentTarget.checked })}
          />
          <NumberInput
            label={t("Points taken off each time beyond that")}
            description={t("Only for calculation forms; 0 takes nothing off")}
            min={0}
            max={100000}
            allowNegative={false}
            decimalScale={2}
            value={actions.subtractFromResult}
            onChange={(value) =>
              set({
                subtractFromResult: typeof value === "number" && value >= 0 ? Math.min(value, 100000) : 0,
              })
            }
          />
          <Switch
            label={t("Send the form when the allowed times are used up")}
            checked={actions.sendForm}
            onChange={(e) => set({ sendForm: e.currentTarget.checked })}
          />
        </>
      ) : (
        <Text size="xs" c="dimmed">
          {t("Nothing happens when the cursor leaves the form")}
        </Text>
      )}
    </Stack>
  );
}
