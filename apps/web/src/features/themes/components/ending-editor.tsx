import type { TEndingScreen } from "@formloom/core/ending-screens";
import type { TFormSettings } from "@formloom/core/form-schema";
import { isAllowedPicture } from "@formloom/core/style-guard";
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../i18n/i18n.ts";

type Sources = Pick<TFormSettings, "type" | "resultType" | "resultsHandlingGradation" | "conditionalRules">;

const conditionKey = (screen: TEndingScreen) =>
  screen.when.kind === "gradation" ? `gradation:${screen.when.gradationId}` : `rule:${screen.when.ruleId}`;

function conditionOf(key: string): TEndingScreen["when"] {
  const [kind, ...rest] = key.split(":");
  const id = rest.join(":");
  return kind === "gradation" ? { kind: "gradation", gradationId: id } : { kind: "rule", ruleId: id };
}

/**
 * Ending screens chosen by outcome: each shown instead of the thank-you page when the quiz's score
 * falls in its gradation or its rule held on sending; the first that matches wins.
 */
export function EndingEditor({
  value,
  sources,
  onChange,
}: {
  value: TEndingScreen[];
  sources: Sources;
  onChange(next: TEndingScreen[]): void;
}) {
  const { t } = useTranslation();
  const gradations =
    sources.type === "calculation" && sources.resultType === "gradations"
      ? sources.resultsHandlingGradation
      : [];
  const options = [
    ...gradations.map((g) => ({
      value: `gradation:${g.id}`,
      label: `${t("Score from {{min}} to {{max}}", { min: g.minScoreGradation, max: g.maxScoreGradation })}${
        g.briefResultGradation ? ` — ${g.briefResultGradation}` : ""
      }`,
    })),
    ...sources.conditionalRules.map((rule) => ({
      value: `rule:${rule.id}`,
      label: t("Rule “{{name}}” held", { name: rule.name }),
    })),
  ];
  const change = (index: number, patch: Partial<TEndingScreen>) =>
    onChange(value.map((screen, i) => (i === index ? { ...screen, ...patch } : screen)));
  const first = options[0];

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t(
          "Shown instead of the thank-you page when the score falls in a gradation or a rule held. The first that matches is shown.",
        )}
      </Text>
      {value.map((screen, index) => {
        const key = conditionKey(screen);
        const known = options.some((option) => option.value === key);
        return (
          <Paper key={screen.id} withBorder p="sm" data-ending-editor={screen.id}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-end">
                <Select
                  style={{ flex: 1 }}
                  label={t("Shown when")}
                  data={
                    known ? options : [...options, { value: key, label: t("A removed gradation or rule") }]
                  }
                  value={key}
                  allowDeselect={false}
                  onChange={(next) => next && change(index, { when: conditionOf(next) })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("Remove the ending screen")}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <TextInput
                label={t("Ending title")}
                value={screen.title}
                onChange={(event) => change(index, { title: event.currentTarget.value })}
              />
              <Textarea
                label={t("Ending text")}
                autosize
                minRows={2}
                value={screen.text}
                onChange={(event) => change(index, { text: event.currentTarget.value })}
              />
              <TextInput
                label={t("Picture (https address)")}
                value={screen.picture}
                error={
                  screen.picture && !isAllowedPicture(screen.picture)
                    ? messageText("style.url.forbidden")
                    : undefined
                }
                onChange={(event) => change(index, { picture: event.currentTarget.value })}
              />
            </Stack>
          </Paper>
        );
      })}
      {first ? (
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            onChange([
              ...value,
              { id: crypto.randomUUID(), when: conditionOf(first.value), title: "", text: "", picture: "" },
            ])
          }
        >
          {t("Add an ending screen")}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t("Add quiz gradations or form rules to choose endings by outcome.")}
        </Text>
      )}
    </Stack>
  );
}
