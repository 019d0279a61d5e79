import { checksAnswer } from "@formloom/core/correct-answer";
import { DEFAULT_TEXTS } from "@formloom/core/defaults";
import { isStartingText, startingText } from "@formloom/core/new-field-texts";
import { EMOTIONS, type Emotion } from "@formloom/core/recognition";
import {
  Accordion,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useEmotionNames } from "../../../../../lib/emotion-names.ts";
import classes from "../editor.module.css";
import { useReadOnlyBuilder } from "../read-only.ts";
import { answerInQuestion, correctAnswerKind, withPoints } from "../result-calculations/scoring-edits.ts";
import { changeSettings, type EditorProps, num } from "./controls.tsx";

const COLUMNS = ["col-first", "col-second", "col-third", "col-fourth"];

/** The question, its comment and the switches every question has. */
export function QuestionBasics({
  checked,
  locale,
  withComment = true,
}: EditorProps & { withComment?: boolean }) {
  const { t } = useTranslation();
  const { element } = checked;
  return (
    <>
      <Textarea
        label={t("Question")}
        classNames={{ input: classes.growing }}
        value={element.question}
        error={checked.error("question")}
        onChange={(e) => checked.change({ question: e.currentTarget.value })}
        data-autofocus
      />
      {withComment && (
        <Textarea
          label={t("Comment")}
          description={t("Shown under the question")}
          classNames={{ input: classes.growing }}
          placeholder={startingText(DEFAULT_TEXTS.fieldComment, locale)}
          value={isStartingText(element.fieldComment, DEFAULT_TEXTS.fieldComment) ? "" : element.fieldComment}
          error={checked.error("fieldComment")}
          onChange={(e) => checked.change({ fieldComment: e.currentTarget.value })}
        />
      )}
    </>
  );
}

/** Required, hidden and read-only. */
export function StateSwitches({ checked, required = true }: EditorProps & { required?: boolean }) {
  const { t } = useTranslation();
  const { element } = checked;
  return (
    <Group gap="md">
      {required && (
        <Switch
          label={t("Required")}
          checked={element.isRequired}
          onChange={(e) => checked.change({ isRequired: e.currentTarget.checked })}
        />
      )}
      <Switch
        label={t("Hidden")}
        checked={element.isHidden}
        onChange={(e) => checked.change({ isHidden: e.currentTarget.checked })}
      />
      <Switch
        label={t("Read-only")}
        checked={element.isDisabled}
        onChange={(e) => checked.change({ isDisabled: e.currentTarget.checked })}
      />
    </Group>
  );
}

/** Settings every element has but few need: place, naming, scoring, timing, media, categories. */
export function MoreSettings({
  checked,
  fields,
  quiz,
  question,
  recognisesEmotions,
}: EditorProps & {
  question: boolean;
  /** Whether the form recognises emotions: only then is one seen to compare with the expected. */
  recognisesEmotions: boolean;
}) {
  const { t } = useTranslation();
  const { element } = checked;
  const groups = fields.filter((f) => f.fieldType === "fieldGroup" && f.id !== element.id);
  const behaviour = element.userBehaviorSettings;
  const media = element.fieldVideoAudioSettings;
  const readOnly = useReadOnlyBuilder();
  const emotions = useEmotionNames();
  return (
    // A closed section's settings are not drawn: kept drawn while hidden, they were drawn again
    // after every keystroke in the question's text.
    <Accordion
      variant="separated"
      multiple
      keepMounted={false}
      {...(readOnly && { value: ["place", "score", "behaviour", "media"] })}
    >
      <Accordion.Item value="place">
        <Accordion.Control>{t("Place and name")}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Select
              label={t("Column")}
              description={t("In layouts with several columns")}
              data={COLUMNS.map((value, index) => ({ value, label: t("Column {{n}}", { n: index + 1 }) }))}
              value={COLUMNS.includes(element.fieldColumn) ? element.fieldColumn : "col-first"}
              allowDeselect={false}
              onChange={(fieldColumn) => fieldColumn && checked.change({ fieldColumn })}
            />
            {element.fieldType !== "fieldGroup" && (
              <Group grow align="flex-start">
                <Select
                  label={t("Field group")}
                  placeholder={t("None")}
                  clearable
                  data={groups.map((g) => ({ value: g.id, label: g.title || g.id }))}
                  value={element.fieldSettings.fieldGroup ?? null}
                  onChange={(group) =>
                    changeSettings(checked, {
                      fieldGroup: group ?? undefined,
                      fieldGroupOrder: group ? (element.fieldSettings.fieldGroupOrder ?? 0) : undefined,
                    })
                  }
                />
                {element.fieldSettings.fieldGroup && (
                  <NumberInput
                    label={t("Place in the group")}
                    min={0}
                    allowDecimal={false}
                    value={element.fieldSettings.fieldGroupOrder ?? 0}
                    error={checked.error("fieldSettings.fieldGroupOrder")}
                    onChange={(v) => changeSettings(checked, { fieldGroupOrder: num(v) ?? 0 })}
                  />
                )}
              </Group>
            )}
            {element.fieldType !== "formula" && (
              <TextInput
                label={t("Formula name")}
                description={t("How formulas and rules refer to this field")}
                value={element.formulaName}
                error={checked.error("formulaName")}
                onChange={(e) => checked.change({ formulaName: e.currentTarget.value })}
              />
            )}
            {question && (
              <TextInput
                label={t("Title in results")}
                description={t("A short name for tables and exports")}
                value={element.title}
                error={checked.error("title")}
                onChange={(e) => checked.change({ title: e.currentTarget.value })}
              />
            )}
            <TagsInput
              label={t("Categories")}
              value={element.elementCategories}
              error={checked.error("elementCategories")}
              onChange={(elementCategories) => checked.change({ elementCategories })}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
      {question && quiz && (
        <Accordion.Item value="score">
          <Accordion.Control>{t("Scoring")}</Accordion.Control>
          <Accordion.Panel>
            <QuestionPoints checked={checked} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
      {question && (
        <Accordion.Item value="behaviour">
          <Accordion.Control>{t("Expected behaviour")}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <Group grow align="flex-start">
                <NumberInput
                  label={t("Shortest time, s")}
                  min={0}
                  value={behaviour.minTime ?? ""}
                  error={checked.error("userBehaviorSettings.minTime")}
                  onChange={(v) =>
                    checked.change({ userBehaviorSettings: { ...behaviour, minTime: num(v) } })
                  }
                />
                <NumberInput
                  label={t("Longest time, s")}
                  min={0}
                  value={behaviour.maxTime ?? ""}
                  error={checked.error("userBehaviorSettings.maxTime")}
                  onChange={(v) =>
                    checked.change({ userBehaviorSettings: { ...behaviour, maxTime: num(v) } })
                  }
                />
              </Group>
              <Hint>{t("A time outside these is marked on the submission's page.")}</Hint>
              {(recognisesEmotions || behaviour.expectedEmotion) && (
                <>
                  <Select
                    label={t("Expected emotion")}
                    clearable
                    data={EMOTIONS.map((emotion) => ({ value: emotion, label: emotions[emotion] }))}
                    value={behaviour.expectedEmotion ?? null}
                    onChange={(value) =>
                      checked.change({
                        userBehaviorSettings: {
                          ...behaviour,
                          expectedEmotion: (value as Emotion | null) ?? undefined,
                        },
                      })
                    }
                  />
                  <Hint>
                    {t(
                      "Where the form recognises emotions, the one seen while the question is answered is compared with it.",
                    )}
                  </Hint>
                </>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      )}
      {question && (
        <Accordion.Item value="media">
          <Accordion.Control>{t("Video or audio with the question")}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <SegmentedControl
                fullWidth
                value={media.mediaType}
                onChange={(mediaType) =>
                  checked.change({
                    fieldVideoAudioSettings: { ...media, mediaType: mediaType as "video" | "audio" | "" },
                  })
                }
                data={[
                  { value: "", label: t("None") },
                  { value: "video", label: t("Video") },
                  { value: "audio", label: t("Audio") },
                ]}
              />
              {media.mediaType && (
                <TextInput
                  label={t("Media address")}
                  description={
                    media.mediaType === "video"
                      ? t("A video file's address, or a YouTube or Vimeo page's")
                      : t("A sound file's address")
                  }
                  placeholder="https://…"
                  value={media.mediaLink}
                  error={checked.error("fieldVideoAudioSettings.mediaLink")}
                  onChange={(e) =>
                    checked.change({
                      fieldVideoAudioSettings: { ...media, mediaLink: e.currentTarget.value },
                    })
                  }
                />
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      )}
    </Accordion>
  );
}

export function Hint({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

/**
 * A question's points on a calculation form. Its correct answer, set above, is enough for it to
 * be checked; where the question itself is the answer, the author switches checking on, and
 * setting the points for a right answer does that too.
 */
function QuestionPoints({ checked }: Pick<EditorProps, "checked">) {
  const { t } = useTranslation();
  const { element } = checked;
  const kind = correctAnswerKind(element);
  const calc = element.calcSettings;
  return (
    <Stack gap="sm">
      {answerInQuestion(kind) && (
        <Switch
          label={t("Check the answer")}
          checked={checksAnswer(element)}
          onChange={(e) =>
            checked.change({
              calcSettings: { ...calc, calcType: e.currentTarget.checked ? "check_values" : "exclude" },
            })
          }
        />
      )}
      <Group grow align="flex-start">
        <NumberInput
          label={t("Points for any answer")}
          value={calc.notEmptyScore}
          error={checked.error("calcSettings.notEmptyScore")}
          onChange={(v) => checked.change({ calcSettings: { ...calc, notEmptyScore: num(v) ?? 0 } })}
        />
        {kind && (
          <NumberInput
            label={t("Points for a correct answer")}
            min={0}
            value={calc.points}
            error={checked.error("calcSettings.points")}
            onChange={(v) => checked.change(withPoints(element, num(v) ?? 0))}
          />
        )}
      </Group>
      <Switch
        label={t("Leave out of the results' calculations")}
        checked={element.isNotCalculable}
        onChange={(e) => checked.change({ isNotCalculable: e.currentTarget.checked })}
      />
    </Stack>
  );
}
