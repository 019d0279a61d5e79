import type { TFormWithFields } from "@formloom/core/api/forms";
import type { FieldType, TElement } from "@formloom/core/element-schema";
import { OTHER_PREFIX } from "@formloom/core/field-types/choice";
import { setDisplay } from "@formloom/core/form-state";
import { formLocale } from "@formloom/core/locales";
import { rulesUsingOptions } from "@formloom/core/rules";
import { Badge, Button, Divider, Group, Paper, Stack, Tabs, Text } from "@mantine/core";
import { useHotkeys, useWindowEvent } from "@mantine/hooks";
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../../components/icon-action.tsx";
import { useCatalog } from "../../../../i18n/i18n.ts";
import { toasts as notifications } from "../../../../lib/toasts.ts";
import { useAfterPaint } from "../../../../lib/use-after-paint.ts";
import { useUser } from "../../../auth/api/get-user.ts";
import { useAnswersSummary } from "../../../results/api/get-statistics.ts";
import { useForm } from "../../api/get-form.ts";
import { useUpdateForm } from "../../api/update-form.ts";
import { AddFieldMenu } from "./add-field-menu.tsx";
import { DevicePreview, preloadPreview } from "./device-preview.tsx";
import { RestoreDraft, useDraftAutosave } from "./draft-autosave.tsx";
import classes from "./editor.module.css";
import { type FieldActions, FieldList, fieldName } from "./field-list.tsx";
import { detachedRuleTexts } from "./field-removal.tsx";
import { FormSettingsPanel } from "./form-settings/form-settings-panel.tsx";
import {
  ElementSettings,
  LayoutPanel,
  PanelCode,
  preloadPanels,
  QuestionsDatabasePanel,
  ResultCalculationsPanel,
  ThemingPanel,
} from "./lazy-panels.tsx";
import { ReadOnlyBuilder } from "./read-only.ts";
import { ReadOnlyNote } from "./read-only-note.tsx";
import { TryItScore } from "./result-calculations/try-it-score.tsx";
import { useTryIt } from "./result-calculations/use-try-it.ts";
import { type Refusal, refusalOf, SaveRefusal } from "./save-refusal.tsx";
import { removedOptionIds, useFormDraft } from "./use-form-draft.ts";

const route = getRouteApi("/layout/account/forms/$id/edit");

/** Where the builder stands in one column (editor.module.css): below its first breakpoint. */
const ONE_COLUMN = "(max-width: 47.99em)";
/** Settings the Theming tab edits: a refusal naming only these opens that tab. */
const THEMING_PATHS = /^(customCss|themeId|formStyling|fieldsGeneralStyling|fieldsTypesStyling)(\.|$)/;

export function FormEditorPage() {
  const { id } = route.useParams();
  useEffect(preloadPreview, []);
  const { data, isFetchedAfterMount } = useForm(id);
  const { data: user } = useUser();
  // The draft starts from the server's copy as it is now (a cached one may be older: its date
  // goes along as If-Match). Keyed by id so another form starts from a fresh draft.
  return data && user && isFetchedAfterMount ? (
    <Editor key={id} formId={id} userId={user.id} saved={data} />
  ) : null;
}

function Editor({ formId, userId, saved }: { formId: number; userId: number; saved: TFormWithFields }) {
  const { t } = useTranslation();
  // The server says whether this user may change the form; without that right the builder only shows it.
  const readOnly = !saved.rights.edit;
  const draft = useFormDraft(saved);
  // The preview speaks the form's language, as its public page does, whatever the interface speaks.
  const locale = formLocale(draft.draft.settings.language);
  const catalog = useCatalog(locale);
  const kept = useDraftAutosave(userId, formId, draft);
  // If-Match: a save made from an older copy than the server's is refused, not written over it.
  const update = useUpdateForm(formId, draft.lastChangeDate);
  const [panel, setPanel] = useState<string | null>("settings");
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const selected = draft.draft.fields.find((f) => f.id === draft.selectedId);
  const refused = refusal?.fieldId ? draft.draft.fields.find((f) => f.id === refusal.fieldId) : undefined;
  const tryIt = useTryIt(draft.draft.settings, draft.draft.fields);
  // The preview draws the form from the fields a moment behind, after a keystroke's frame is
  // painted, and the element being edited (`selected`) at once: a keystroke in a long form then
  // redraws one question before the paint, not the whole form.
  const previewFields = useAfterPaint(draft.draft.fields);

  // On a phone the settings stand below the list of fields, which may be long: a question picked
  // there brings its settings into view (not on opening the builder, with a question kept picked).
  const panelRef = useRef<HTMLDivElement>(null);
  const picked = useRef(draft.selectedId);
  useEffect(() => {
    if (draft.selectedId) setPanel("element");
    if (!draft.selectedId || draft.selectedId === picked.current) return;
    picked.current = draft.selectedId;
    if (window.matchMedia(ONE_COLUMN).matches) panelRef.current?.scrollIntoView({ block: "start" });
  }, [draft.selectedId]);

  const save = () => {
    if (readOnly || update.isPending) return;
    setRefusal(null);
    const sent = draft.draft.fields;
    update.mutate(
      { ...draft.draft.settings, fields: sent },
      {
        onSuccess: (next) => {
          draft.markSaved(next);
          notifications.show({ color: "green", message: t("Saved") });
        },
        onError: (error) => {
          const found = refusalOf(error, sent);
          setRefusal(found);
          const settingsPaths = Object.keys(found.errors).filter(
            (path) => path !== "fields" && !path.startsWith("fields."),
          );
          // A refused style (custom CSS included) is shown by its input on the Theming tab.
          if (settingsPaths.length > 0)
            setPanel(settingsPaths.every((path) => THEMING_PATHS.test(path)) ? "theming" : "settings");
        },
      },
    );
  };
  useHotkeys([["mod+S", save]], []);
  // The header's button keeps one function, which saves the draft as it is when clicked.
  const latestSave = useRef(save);
  latestSave.current = save;
  const saveLatest = useCallback(() => latestSave.current(), []);
  // Outside text boxes (where the browser undoes typing itself), the keys step through the builder's history;
  // after a click on a switch or a checkbox they still undo that click.
  useWindowEvent("keydown", (event) => {
    if (readOnly || !(event.ctrlKey || event.metaKey) || event.altKey || typesText(event.target)) return;
    const key = event.key.toLowerCase();
    const step =
      key === "z" ? (event.shiftKey ? draft.redo : draft.undo) : key === "y" ? draft.redo : undefined;
    if (!step) return;
    event.preventDefault();
    step();
  });

  // Undoing the addition of the selected field leaves nothing to show in its tab.
  useEffect(() => {
    if (!selected && panel === "element") setPanel("settings");
  }, [selected, panel]);

  const { cloneField, setSelectedId, changeFields, updateField } = draft;
  // A field just added takes the keyboard to its settings, its question first; one selected
  // afterwards leaves the focus where it is.
  const focusSettingsOf = useRef<string | null>(null);
  const fieldsRef = useRef<HTMLElement>(null);
  const addField = useCallback(
    (type: FieldType, atIndex?: number) => {
      const id = draft.addField(type, atIndex);
      focusSettingsOf.current = id;
      return id;
    },
    [draft.addField],
  );
  const actions = useMemo<FieldActions>(
    () => ({ cloneField, addField, setSelectedId, changeFields, updateField }),
    [cloneField, addField, setSelectedId, changeFields, updateField],
  );
  const addAtEnd = useCallback((type: FieldType) => addField(type), [addField]);

  // Removing an option a rule compares with turns the rule off (in the draft's same step): said here.
  const changeSelected = (field: TElement, patch: Partial<TElement>) => {
    const removed = removedOptionIds(field, patch);
    const off = rulesUsingOptions(draft.draft.settings.conditionalRules, field.id, removed);
    updateField(field.id, patch);
    for (const rule of off)
      notifications.show({
        color: "orange",
        title: t("Rule turned off"),
        message: removed.has(OTHER_PREFIX)
          ? t(
              "The rule “{{rule}}” used “Other”, which this question no longer offers, and is turned off until you check it.",
              { rule: rule.name },
            )
          : t("The rule “{{rule}}” used the option you removed and is turned off until you check it.", {
              rule: rule.name,
            }),
      });
  };

  // How many submissions answered each saved question, for the warning when one is deleted.
  const hasAnswers = saved.form.lastAnsweredDate !== null;
  const summary = useAnswersSummary(formId, hasAnswers);
  const { removeField } = draft;
  const rules = draft.draft.settings.conditionalRules;
  const { refetch: countAnswers } = summary;
  const remove = useCallback(
    async (field: TElement) => {
      // What the deletion does to the rules that use the field, said before it happens.
      const ruleTexts = detachedRuleTexts(rules, field.id, t);
      const undo = removeField(field.id);
      // Deleted at once; the warning waits for the counts when they have not arrived yet.
      const counts =
        summary.data ?? (hasAnswers ? (await countAnswers({ cancelRefetch: false })).data : undefined);
      const answered = counts?.fields.find((f) => f.fieldId === field.id)?.answered ?? 0;
      const notificationId = `removed-${field.id}`;
      notifications.show({
        id: notificationId,
        ...(answered > 0 && {
          color: "orange",
          title: t("{{count}} submissions answered this field", { count: answered }),
        }),
        ...(answered === 0 && ruleTexts.length > 0 && { color: "orange", title: t("Field deleted") }),
        message: (
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            {/* Under a title the message would be drawn dimmed: this one is to be read. */}
            <Text size="sm" c="var(--mantine-color-text)">
              {answered > 0
                ? t("Deleted. Their answers stay readable in the results, under archived answers.")
                : ruleTexts.length === 0 && t("Field deleted")}
              {ruleTexts.length > 0 && ` ${ruleTexts.join(" ")}`}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              style={{ flex: "none" }}
              onClick={() => {
                undo();
                notifications.hide(notificationId);
              }}
            >
              {t("Undo")}
            </Button>
          </Group>
        ),
        // A deletion that takes answers out of the form waits to be read; the undo stays at hand.
        autoClose: answered > 0 || ruleTexts.length > 0 ? false : 8000,
      });
    },
    [removeField, t, summary.data, hasAnswers, countAnswers, rules],
  );

  return (
    <Stack gap="sm">
      <EditorHeader
        readOnly={readOnly}
        dirty={draft.dirty}
        canUndo={draft.canUndo}
        canRedo={draft.canRedo}
        saving={update.isPending}
        onUndo={draft.undo}
        onRedo={draft.redo}
        onSave={saveLatest}
      />
      {kept.offer && !readOnly && (
        <RestoreDraft
          kept={kept.offer}
          lastChangeDate={draft.lastChangeDate}
          onRestore={() => {
            kept.restore();
            fieldsRef.current?.focus();
          }}
          onDiscard={() => {
            kept.discard();
            fieldsRef.current?.focus();
          }}
        />
      )}
      {refusal && (
        <SaveRefusal
          refusal={refusal}
          fieldName={refused && fieldName(refused, t)}
          onShowField={(id) => {
            draft.setSelectedId(id);
            setPanel("element");
          }}
          onClose={() => setRefusal(null)}
        />
      )}
      {/* Pointed at or focused, the builder fetches its other panels' code, before one is opened. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only starts downloads; its controls are what one uses. */}
      <div className={classes.grid} onPointerEnter={preloadPanels} onFocus={preloadPanels}>
        {/* Where the keyboard goes on when the draft banner above it goes away. */}
        <Paper
          withBorder
          p="sm"
          className={classes.list}
          component="section"
          aria-label={t("Form fields")}
          tabIndex={-1}
          ref={fieldsRef}
        >
          <Stack gap="sm">
            {!readOnly && (
              <>
                <AddFieldMenu onAdd={addAtEnd} />
                <Divider />
              </>
            )}
            <FieldList
              fields={draft.draft.fields}
              layout={draft.draft.settings.layoutType}
              locale={locale}
              rules={rules}
              selectedId={draft.selectedId}
              actions={actions}
              onRemove={remove}
              readOnly={readOnly}
            />
          </Stack>
        </Paper>
        <DevicePreview
          className={classes.preview}
          settings={draft.draft.settings}
          customCss={draft.draft.settings.customCss ?? ""}
          fields={previewFields}
          selected={selected}
          catalog={locale === "en" ? undefined : catalog}
          selectedFieldId={draft.selectedId}
          onSelectField={draft.setSelectedId}
          mode={tryIt.mode}
          onMode={tryIt.setMode}
          onValuesChange={tryIt.setAnswers}
          banner={tryIt.report && <TryItScore report={tryIt.report} />}
        />
        <Paper withBorder p="sm" className={classes.panel} ref={panelRef}>
          {/* Six tabs never fit one line of the side panel: as pills they wrap into tidy rows. */}
          {/* Only the open panel is drawn: the hidden ones list every field, and each keystroke
              in a long form drew them all again. */}
          <Tabs
            value={panel}
            onChange={setPanel}
            keepMounted={false}
            variant="pills"
            classNames={{ list: classes.tabs, tab: classes.tab }}
          >
            <Tabs.List mb="sm">
              <Tabs.Tab value="settings">{t("Settings")}</Tabs.Tab>
              <Tabs.Tab value="element" disabled={!selected}>
                {t("Field")}
              </Tabs.Tab>
              <Tabs.Tab value="theming">{t("Theming")}</Tabs.Tab>
              <Tabs.Tab value="questions">{t("Questions database")}</Tabs.Tab>
              <Tabs.Tab value="layout">{t("Layout")}</Tabs.Tab>
              <Tabs.Tab value="results">{t("Result calculations")}</Tabs.Tab>
            </Tabs.List>
            {/* A disabled fieldset turns off every control of the panels at once; the tabs stay
                outside it, so a reader still goes from panel to panel. */}
            <fieldset disabled={readOnly} className={classes.panels}>
              <ReadOnlyBuilder.Provider value={readOnly}>
                <Tabs.Panel value="settings">
                  <FormSettingsPanel
                    settings={draft.draft.settings}
                    errors={refusal?.errors ?? {}}
                    onChange={draft.setSettings}
                    onDisplay={(display) =>
                      draft.setSettingsAndFields({ display }, setDisplay(draft.draft.fields, display))
                    }
                  />
                </Tabs.Panel>
                <Tabs.Panel value="theming">
                  <PanelCode>
                    <ThemingPanel
                      settings={draft.draft.settings}
                      fields={draft.draft.fields}
                      selected={selected}
                      onSettings={draft.setSettings}
                      onFields={draft.setFields}
                      onField={draft.updateField}
                      errors={refusal?.errors ?? {}}
                    />
                  </PanelCode>
                </Tabs.Panel>
                <Tabs.Panel value="layout">
                  <PanelCode>
                    <LayoutPanel
                      settings={draft.draft.settings}
                      fields={draft.draft.fields}
                      onSettings={draft.setSettings}
                      onField={draft.updateField}
                    />
                  </PanelCode>
                </Tabs.Panel>
                <Tabs.Panel value="results">
                  <PanelCode>
                    <ResultCalculationsPanel
                      settings={draft.draft.settings}
                      fields={draft.draft.fields}
                      answers={tryIt.answers}
                      onSettings={draft.setSettings}
                      onField={draft.updateField}
                    />
                  </PanelCode>
                </Tabs.Panel>
                <Tabs.Panel value="questions">
                  <PanelCode>
                    <QuestionsDatabasePanel
                      fields={draft.draft.fields}
                      selected={selected}
                      onFields={draft.setFields}
                    />
                  </PanelCode>
                </Tabs.Panel>
                <Tabs.Panel value="element">
                  {selected && (
                    <PanelCode>
                      {/* One window per element: its parts drawn a moment late never show another element. */}
                      <ElementSettings
                        key={selected.id}
                        takeFocus={() => {
                          const added = focusSettingsOf.current === selected.id;
                          focusSettingsOf.current = null;
                          return added;
                        }}
                        element={selected}
                        fields={draft.draft.fields}
                        onChange={(patch) => changeSelected(selected, patch)}
                        form={{ settings: draft.draft.settings, change: draft.setSettingsAndFields }}
                      />
                    </PanelCode>
                  )}
                </Tabs.Panel>
              </ReadOnlyBuilder.Provider>
            </fieldset>
          </Tabs>
        </Paper>
      </div>
    </Stack>
  );
}

interface HeaderProps {
  readOnly: boolean;
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  onUndo(): void;
  onRedo(): void;
  onSave(): void;
}

/** Whether the draft is saved, undo and redo, and Save; drawn again only when one of them changes. */
const EditorHeader = memo(function EditorHeader(props: HeaderProps) {
  const { t } = useTranslation();
  if (props.readOnly) return <ReadOnlyNote />;
  return (
    <Group justify="space-between">
      <Group gap="xs">
        {props.dirty ? (
          <Badge color="yellow" variant="light">
            {t("Unsaved changes")}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t("All changes saved")}
          </Badge>
        )}
        <IconAction
          label={t("Undo (Ctrl+Z)")}
          ariaLabel={t("Undo")}
          disabled={!props.canUndo}
          onClick={props.onUndo}
        >
          <IconArrowBackUp size={18} />
        </IconAction>
        <IconAction
          label={t("Redo (Ctrl+Shift+Z)")}
          ariaLabel={t("Redo")}
          disabled={!props.canRedo}
          onClick={props.onRedo}
        >
          <IconArrowForwardUp size={18} />
        </IconAction>
      </Group>
      <Button
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={props.onSave}
        loading={props.saving}
        disabled={!props.dirty}
      >
        {t("Save")}
      </Button>
    </Group>
  );
});

/** Inputs that take clicks, not typing: there Ctrl+Z undoes the builder's last edit. */
const CLICK_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"]);

function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return target instanceof HTMLInputElement && !CLICK_INPUTS.has(target.type);
}
