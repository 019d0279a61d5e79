import type { TElement } from "@formloom/core/element-schema";
import type { TRule } from "@formloom/core/rule-schema";
import { detachField } from "@formloom/core/rules";
import { List, Stack, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { openConfirmModal } from "../../../../lib/confirm-modal.ts";
import { fieldLabel } from "./field-row.tsx";

/** What deleting a field does to each rule that uses it, one sentence a rule. */
export function detachedRuleTexts(rules: TRule[], fieldId: string, t: TFunction): string[] {
  return detachField(rules, fieldId).detached.map(({ rule, outcome }) =>
    outcome === "deleted"
      ? t("The rule “{{rule}}” has nothing left to do without it and is deleted.", { rule: rule.name })
      : t("The rule “{{rule}}” no longer uses it and is turned off until you check it.", {
          rule: rule.name,
        }),
  );
}

/**
 * Deleting a field that rules use asks first, naming the rules and what becomes of them; other
 * fields go at once (with Undo). The returned function keeps its identity while the rules stay.
 */
export function useRemovalWarning(rules: TRule[], onRemove: (field: TElement) => void) {
  const { t } = useTranslation();
  const current = useRef(rules);
  current.current = rules;
  return useCallback(
    (field: TElement) => {
      const texts = detachedRuleTexts(current.current, field.id, t);
      if (texts.length === 0) return onRemove(field);
      const name = fieldLabel(field).trim() || t("Untitled");
      openConfirmModal({
        title: t("Delete “{{field}}”?", { field: name }),
        children: (
          <Stack gap="xs">
            <Text size="sm">{t("The form's rules use this field. If you delete it:")}</Text>
            <List size="sm" spacing={4}>
              {texts.map((text) => (
                <List.Item key={text}>{text}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              {t("Undo, in the message that follows, puts the field and the rules back.")}
            </Text>
          </Stack>
        ),
        labels: { confirm: t("Delete field"), cancel: t("Cancel") },
        confirmProps: { color: "red" },
        onConfirm: () => onRemove(field),
      });
    },
    [t, onRemove],
  );
}
