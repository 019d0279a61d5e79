import { ActionIcon, Loader, Popover, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { IconPalette } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useBackgroundLibrary } from "../api.ts";

interface Props {
  /** What the chosen background is for, said to screen readers with the button. */
  label: string;
  onPick(background: string): void;
}

/**
 * The background library (GET /backgrounds/grouped) behind a palette button: its groups of
 * swatches, each a button named for screen readers; choosing one sets it and closes the list.
 * Read only once the list is first opened.
 */
export function BackgroundLibrary({ label, onPick }: Props) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const library = useBackgroundLibrary(i18n.language, opened);
  const title = t("Background library: {{target}}", { target: label });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={280} shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label={title} withinPortal>
          <ActionIcon
            variant="subtle"
            aria-label={title}
            aria-expanded={opened}
            onClick={() => setOpened((open) => !open)}
            data-testid="background-library"
          >
            <IconPalette size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        {library.isPending ? (
          <Loader size="sm" aria-label={t("Loading")} />
        ) : library.isError ? (
          <Text size="sm" c="red">
            {t("The background library could not be loaded")}
          </Text>
        ) : (
          <Stack gap="sm">
            {library.data.map((group) => (
              <Stack key={group.id} gap={6}>
                <Text size="xs" fw={600} c="dimmed">
                  {group.name}
                </Text>
                <SimpleGrid cols={6} spacing={6} role="group" aria-label={group.name}>
                  {group.backgrounds.map((item) => (
                    <Tooltip key={item.id} label={item.name} withinPortal openDelay={300}>
                      <UnstyledButton
                        aria-label={item.name}
                        data-background={item.id}
                        onClick={() => {
                          onPick(item.background);
                          setOpened(false);
                        }}
                        style={{
                          background: item.background,
                          height: 34,
                          borderRadius: 6,
                          border: "1px solid var(--mantine-color-default-border)",
                        }}
                      />
                    </Tooltip>
                  ))}
                </SimpleGrid>
              </Stack>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
