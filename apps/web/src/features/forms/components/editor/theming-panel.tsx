import { isEmptyThemeStyling, type TTheme, type TThemeStyling } from "@formloom/core/api/themes";
import { safeColour } from "@formloom/core/css-values";
import type { TElement } from "@formloom/core/element-schema";
import { ZWelcomeScreen } from "@formloom/core/welcome-screen";
import { ActionIcon, Button, Divider, Group, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import { IconDots, IconEdit, IconPalette, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmDanger } from "../../../../components/confirm-danger.tsx";
import { msg } from "../../../../i18n/i18n.ts";
import { notifySuccess } from "../../../../lib/notify.ts";
import { toasts as notifications } from "../../../../lib/toasts.ts";
import { useBrandKit } from "../../../account/api/brand-kit.ts";
import { useCan, useUser } from "../../../auth/api/get-user.ts";
import { type ThemeKind, useThemeMutations, useThemes } from "../../../themes/api.ts";
import { ApplyBrandKit } from "../../../themes/components/apply-brand-kit.tsx";
import { CustomCssEditor } from "../../../themes/components/custom-css-editor.tsx";
import { EndingEditor } from "../../../themes/components/ending-editor.tsx";
import { StylingLevels } from "../../../themes/components/styling-levels.tsx";
import { WelcomeEditor } from "../../../themes/components/welcome-editor.tsx";
import { PanelLoading } from "./lazy-panels.tsx";
import { ThemeModal, type ThemeTarget } from "./theme-modal.tsx";
import type { DraftSettings } from "./use-form-draft.ts";

interface Props {
  settings: DraftSettings;
  fields: TElement[];
  selected: TElement | undefined;
  onSettings(patch: Partial<DraftSettings>): void;
  onFields(fields: TElement[]): void;
  onField(id: string, patch: Partial<TElement>): void;
  /** The last refused save's complaints by path (the custom CSS's is "customCss"). */
  errors?: Record<string, string>;
}

const stylingOf = (settings: DraftSettings): TThemeStyling => ({
  formStyling: settings.formStyling,
  fieldsGeneralStyling: settings.fieldsGeneralStyling,
  fieldsTypesStyling: settings.fieldsTypesStyling,
  ...(settings.formColor ? { formColor: settings.formColor } : {}),
});

/**
 * The Theming tab: the styling editor at every level with core's remove-custom, rollback and
 * clear-all (forms.md §4), the welcome screen, and the form's styling saved as a theme or a theme applied.
 */
export function ThemingPanel({ settings, fields, selected, onSettings, onFields, onField, errors }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const { data: user } = useUser();
  const [target, setTarget] = useState<ThemeTarget | undefined>();
  // The brand kit and the theme lists come first in the panel: drawn before they arrive, the
  // styling editor below them would move down under the pointer as each one came.
  const lists = [useBrandKit(), useThemes("own", user?.id), useThemes("common", user?.id)];
  if (!user) return null;
  if (lists.some((list) => list.isPending)) return <PanelLoading />;
  const mayShare = can("themes.common.manage");

  const apply = (theme: TTheme) => {
    if (isEmptyThemeStyling(theme.styling)) {
      notifications.show({ color: "yellow", message: t("This theme has no styles: nothing was applied") });
      return;
    }
    onSettings({
      formStyling: theme.styling.formStyling,
      fieldsGeneralStyling: theme.styling.fieldsGeneralStyling,
      fieldsTypesStyling: theme.styling.fieldsTypesStyling,
      ...(theme.styling.formColor ? { formColor: theme.styling.formColor } : {}),
      // Named by the random id the theme lists show (forms.md §9).
      themeId: theme.uid,
    });
    notifySuccess(msg("The theme “{{name}}” was applied"), { name: theme.name });
  };

  return (
    <Stack gap="md">
      <Button
        leftSection={<IconPalette size={16} />}
        variant="light"
        onClick={() => setTarget({ mode: "create", styling: stylingOf(settings) })}
      >
        {t("Save the styling as a theme")}
      </Button>
      <ApplyBrandKit settings={settings} onApply={onSettings} />
      <ThemeList
        kind="own"
        title={t("My themes")}
        userId={user.id}
        mayChange
        current={stylingOf(settings)}
        onApply={apply}
        onEdit={setTarget}
      />
      <ThemeList
        kind="common"
        title={t("Common themes")}
        userId={user.id}
        mayChange={mayShare}
        current={stylingOf(settings)}
        onApply={apply}
        onEdit={setTarget}
      />
      <Divider />
      <StylingLevels
        settings={settings}
        fields={fields}
        selected={selected}
        onSettings={onSettings}
        onFields={onFields}
        onField={onField}
      />
      <Title order={4} size="sm">
        {t("Welcome screen")}
      </Title>
      <WelcomeEditor
        value={settings.welcomeScreen ?? ZWelcomeScreen.parse({})}
        onChange={(welcomeScreen) => onSettings({ welcomeScreen })}
      />
      <Title order={4} size="sm">
        {t("Ending screens")}
      </Title>
      <EndingEditor
        value={settings.endingScreens ?? []}
        sources={settings}
        onChange={(endingScreens) => onSettings({ endingScreens })}
      />
      <Divider />
      <CustomCssEditor
        value={settings.customCss ?? ""}
        error={errors?.customCss}
        onChange={(customCss) => onSettings({ customCss })}
      />
      {target && (
        <ThemeModal
          target={target}
          userId={user.id}
          mayShare={mayShare}
          onClose={() => setTarget(undefined)}
        />
      )}
    </Stack>
  );
}

interface ListProps {
  kind: ThemeKind;
  title: string;
  userId: number;
  mayChange: boolean;
  /** The form's styling now, for replacing a theme's with it. */
  current: TThemeStyling;
  onApply(theme: TTheme): void;
  onEdit(target: ThemeTarget): void;
}

function ThemeList({ kind, title, userId, mayChange, current, onApply, onEdit }: ListProps) {
  const { t } = useTranslation();
  const { data: themes, isError } = useThemes(kind, userId);
  const { remove, update } = useThemeMutations(kind, userId);

  const restyle = (theme: TTheme) =>
    update.mutate(
      { id: theme.id, body: { styling: current } },
      {
        onSuccess: () => notifySuccess(msg("The theme was saved")),
        onError: () => notifications.show({ color: "red", message: t("The theme was not saved") }),
      },
    );

  const confirmRemove = (theme: TTheme) =>
    confirmDanger({
      title: t("Delete the theme?"),
      message: t("“{{name}}” will be deleted for good.", { name: theme.name }),
      onConfirm: () =>
        remove.mutate(theme.id, {
          onSuccess: () => notifySuccess(msg("The theme was deleted")),
          onError: () => notifications.show({ color: "red", message: t("The theme was not deleted") }),
        }),
    });

  return (
    <Stack gap={6} aria-label={title} component="section">
      <Title order={4} size="sm">
        {title}
      </Title>
      {isError && (
        <Text size="sm" c="red">
          {t("The themes could not be loaded")}
        </Text>
      )}
      {themes?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("No themes yet")}
        </Text>
      )}
      {themes?.map((theme) => (
        <Paper key={theme.id} withBorder p="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Swatch styling={theme.styling} />
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {theme.name}
                </Text>
                {theme.description && (
                  <Text size="xs" c="dimmed" truncate>
                    {theme.description}
                  </Text>
                )}
              </Stack>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => onApply(theme)}
                aria-label={t("Apply the theme “{{name}}”", { name: theme.name })}
              >
                {t("Apply")}
              </Button>
              {mayChange && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t("Actions for {{title}}", { title: theme.name })}
                    >
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconEdit size={14} />}
                      onClick={() => onEdit({ mode: "edit", theme })}
                    >
                      {t("Edit")}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconPalette size={14} />} onClick={() => restyle(theme)}>
                      {t("Replace its styling with this form's")}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => confirmRemove(theme)}
                    >
                      {t("Delete")}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The theme's background and button colours at a glance. */
function Swatch({ styling }: { styling: TThemeStyling }) {
  const background = safeColour(styling.formStyling.background) ?? "#ffffff";
  const accent = safeColour(styling.formStyling.buttonColor) ?? safeColour(styling.formColor) ?? "#1971c2";
  return (
    <div
      aria-hidden
      style={{
        width: 28,
        height: 28,
        flex: "none",
        borderRadius: 6,
        border: "1px solid var(--mantine-color-gray-4)",
        background: `linear-gradient(135deg, ${background} 55%, ${accent} 55%)`,
      }}
    />
  );
}
