import { ZElement } from "@formloom/core/element-schema";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { IconHistory } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../../i18n/format.ts";
import { type Kept, localDrafts } from "./local-drafts.ts";
import { type DraftChanges, draftChanges, type FormDraft, sameDraft, withChanges } from "./use-form-draft.ts";

/** How long typing pauses before the draft is written to the browser's storage. */
const AUTOSAVE_MS = 400;

/** Kept changes this version of the builder can still read, or null. */
function readable(kept: Kept<DraftChanges> | null): Kept<DraftChanges> | null {
  const value = kept?.value;
  if (!value || typeof value.settings !== "object" || value.settings === null) return null;
  return value.fields === undefined || ZElement.array().safeParse(value.fields).success ? kept : null;
}

/**
 * Keeps the builder's unsaved changes in this browser, per user and per form, and offers a kept one
 * back when the form is opened again. Until the offer is answered nothing is written, so the kept
 * draft is never overwritten by the server's copy.
 */
export function useDraftAutosave(userId: number, formId: number, draft: FormDraft) {
  // Only what was changed is kept, so restoring leaves what was saved meanwhile elsewhere.
  const [offer, setOffer] = useState(() => {
    const kept = readable(localDrafts.read<DraftChanges>(userId, formId));
    return kept && !sameDraft(withChanges(draft.draft, kept.value), draft.draft) ? kept : null;
  });
  const { draft: current, base, dirty, lastChangeDate } = draft;
  // The latest draft, for the writes that happen later (a timer, leaving the page or the builder).
  const pending = useRef<(() => void) | undefined>(undefined);
  pending.current =
    offer || !dirty
      ? undefined
      : () =>
          localDrafts.write<DraftChanges>(userId, formId, {
            value: draftChanges(base, current),
            title: current.settings.title,
            savedAt: Date.now(),
            basedOn: lastChangeDate,
          });
  const keep = useCallback(() => pending.current?.(), []);

  // Each edit restarts the wait: `current` is the draft the timer writes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the write reads `current` through `pending`
  useEffect(() => {
    if (offer) return;
    if (!dirty) {
      localDrafts.remove(userId, formId);
      return;
    }
    const timer = window.setTimeout(keep, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [offer, dirty, current, userId, formId, keep]);

  // Closing the tab, or leaving the builder for another page of the app, keeps the last keystrokes.
  useWindowEvent("pagehide", keep);
  useEffect(() => keep, [keep]);

  return {
    offer,
    restore: () => {
      if (offer) draft.restore(offer.value);
      setOffer(null);
    },
    discard: () => {
      localDrafts.remove(userId, formId);
      setOffer(null);
    },
  };
}

/** The offer of a kept draft: restore it (one step that can be undone) or discard it. */
export function RestoreDraft({
  kept,
  lastChangeDate,
  onRestore,
  onDiscard,
}: {
  kept: Kept<DraftChanges>;
  lastChangeDate: string;
  onRestore(): void;
  onDiscard(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHistory size={18} />}
      title={t("Changes not saved on {{time}}", { time: format.dateTime(kept.savedAt) })}
      data-testid="restore-draft"
    >
      <Stack gap="xs">
        <Text size="sm">{t("This browser kept changes to the form that were not saved. Restore them?")}</Text>
        {kept.basedOn && kept.basedOn !== lastChangeDate && (
          <Text size="sm" fw={500}>
            {t("The form was saved since then; restoring puts these changes over that version.")}
          </Text>
        )}
        <Group gap="xs">
          <Button size="compact-sm" onClick={onRestore}>
            {t("Restore")}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onDiscard}>
            {t("Discard")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
