import { Accordion, Badge, Group, Text } from "@mantine/core";
import { type ComponentType, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText, msg } from "../../../../../i18n/i18n.ts";
import { PanelCode, settingsGroup } from "../lazy-panels.tsx";
import { useReadOnlyBuilder } from "../read-only.ts";
import type { DraftSettings } from "../use-form-draft.ts";
import { sectionOf, settingsIssues } from "./checks.ts";
import { GeneralSection } from "./general-section.tsx";
import type { SectionProps } from "./types.ts";

const SECTIONS: ReadonlyArray<{ value: string; label: string; Section: ComponentType<SectionProps> }> = [
  { value: "general", label: msg("General"), Section: GeneralSection },
  { value: "questions", label: msg("Questions and display"), Section: settingsGroup("QuestionsSection") },
  { value: "timers", label: msg("Timers"), Section: settingsGroup("TimersSection") },
  { value: "access", label: msg("Access and submissions"), Section: settingsGroup("AccessSection") },
  {
    value: "submission",
    label: msg("Send button and after submission"),
    Section: settingsGroup("SubmissionSection"),
  },
  { value: "data", label: msg("Data collection and consent"), Section: settingsGroup("ConsentSection") },
  { value: "cursor", label: msg("Cursor leaving the form"), Section: settingsGroup("CursorOutSection") },
  { value: "files", label: msg("Form files"), Section: settingsGroup("FilesSection") },
];

interface Props {
  settings: DraftSettings;
  /** The server's messages from the last save, keyed by setting path. */
  errors: Record<string, string>;
  onChange(patch: Partial<DraftSettings>): void;
  onDisplay(display: DraftSettings["display"]): void;
}

/**
 * Every setting of the form (forms.md §3) in groups that open and close. The tab's own checks
 * (§5) show at once; the server's from the last save show until the setting is changed, and a
 * group holding a problem opens by itself.
 */
export function FormSettingsPanel({ settings, errors, onChange, onDisplay }: Props) {
  const { t } = useTranslation();
  const readOnly = useReadOnlyBuilder();
  const [open, setOpen] = useState<string[]>(["general"]);
  const opened = readOnly ? SECTIONS.map((section) => section.value) : open;
  // A group is drawn once first opened, and kept (closed, it is only hidden): the closed ones'
  // code is not needed before.
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set(opened));
  if (opened.some((value) => !drawn.has(value))) setDrawn(new Set([...drawn, ...opened]));
  const [serverErrors, setServerErrors] = useState(errors);
  useEffect(() => setServerErrors(errors), [errors]);

  const shown = useMemo(() => {
    const local = Object.fromEntries(
      Object.entries(settingsIssues(settings)).map(([path, code]) => [path, messageText(code)]),
    );
    return { ...local, ...serverErrors };
  }, [settings, serverErrors]);

  const withProblems = useMemo(
    () => [
      ...new Set(
        Object.keys(shown)
          .map(sectionOf)
          .filter((s): s is string => s !== undefined),
      ),
    ],
    [shown],
  );
  // A new problem (a refused save, say) opens its group; closing it afterwards is the user's choice.
  const problemKey = withProblems.join();
  useEffect(() => {
    if (problemKey) setOpen((current) => [...new Set([...current, ...problemKey.split(",")])]);
  }, [problemKey]);

  const change = (patch: Partial<DraftSettings>) => {
    // A server message is about the value it refused: a changed value is checked again on saving.
    const touched = Object.keys(patch);
    setServerErrors((current) => {
      const kept = Object.entries(current).filter(([path]) => !touched.includes(path.split(".")[0] ?? ""));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
    onChange(patch);
  };

  return (
    <Accordion multiple value={opened} onChange={setOpen} variant="contained" chevronPosition="right">
      {SECTIONS.map(({ value, label, Section }) => (
        <Accordion.Item key={value} value={value}>
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {t(label)}
              </Text>
              {withProblems.includes(value) && (
                <Badge size="xs" color="red" variant="light">
                  {t("Check")}
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            {drawn.has(value) && (
              <PanelCode>
                <Section settings={settings} errors={shown} onChange={change} onDisplay={onDisplay} />
              </PanelCode>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
