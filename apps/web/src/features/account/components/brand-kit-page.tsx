import { type TBrandKit, ZBrandKit } from "@formloom/core/api/brand-kit";
import { FONTS, fontById, fontStack, fontStylesheet } from "@formloom/core/fonts";
import {
  Alert,
  Box,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, fieldErrors } from "../../../lib/error-text.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCan } from "../../auth/api/get-user.ts";
import { useBrandKit, useSaveBrandKit, useUploadBrandImage } from "../api/brand-kit.ts";

type Picture = "logo" | "cover";

/** account/brand-kit: the logo, cover, colours and font every new form of the account can take in one click. */
export function BrandKitPage() {
  const { t } = useTranslation();
  const can = useCan();
  const mayEdit = can("account.edit");
  const { data: saved, isLoading } = useBrandKit();
  const save = useSaveBrandKit();
  const upload = useUploadBrandImage();
  const [kit, setKit] = useState<TBrandKit>(ZBrandKit.parse({}));
  const [uploadError, setUploadError] = useState<Partial<Record<Picture, string>>>({});
  useEffect(() => {
    if (saved) setKit(saved);
  }, [saved]);
  if (isLoading) return <Loader m="xl" />;

  const set = (patch: Partial<TBrandKit>) => setKit((current) => ({ ...current, ...patch }));
  const errors = fieldErrors(save.error);
  const choose = (part: Picture) => (file: File | null) => {
    if (!file) return;
    setUploadError((current) => ({ ...current, [part]: undefined }));
    upload.mutate(file, {
      onSuccess: (asset) => set({ [part]: asset.url }),
      onError: (error) => setUploadError((current) => ({ ...current, [part]: errorText(error) })),
    });
  };
  const font = fontById(kit.fontId);

  return (
    <Stack maw={960}>
      <Title order={2}>{t("Brand kit")}</Title>
      <Text c="dimmed">
        {t("Your logo, cover picture, colours and font, saved once and applied to a form in one click.")}
      </Text>
      {!mayEdit && (
        <Alert color="gray">{t("Only those who may edit the account change the brand kit.")}</Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <PictureInput
            label={t("Logo")}
            url={kit.logo}
            error={uploadError.logo ?? errors.logo}
            disabled={!mayEdit}
            loading={upload.isPending}
            onFile={choose("logo")}
            onClear={() => set({ logo: "" })}
          />
          <PictureInput
            label={t("Cover picture")}
            url={kit.cover}
            error={uploadError.cover ?? errors.cover}
            disabled={!mayEdit}
            loading={upload.isPending}
            onFile={choose("cover")}
            onClear={() => set({ cover: "" })}
          />
          <ColorInput
            label={t("Brand colour (buttons)")}
            value={kit.primaryColor}
            error={errors.primaryColor}
            disabled={!mayEdit}
            onChange={(primaryColor) => set({ primaryColor })}
          />
          <ColorInput
            label={t("Page background")}
            value={kit.backgroundColor}
            error={errors.backgroundColor}
            disabled={!mayEdit}
            onChange={(backgroundColor) => set({ backgroundColor })}
          />
          <ColorInput
            label={t("Text colour")}
            value={kit.textColor}
            error={errors.textColor}
            disabled={!mayEdit}
            onChange={(textColor) => set({ textColor })}
          />
          <Select
            label={t("Font")}
            placeholder={t("The theme's own")}
            clearable
            searchable
            data={FONTS.map((choice) => ({ value: choice.id, label: choice.family }))}
            value={kit.fontId || null}
            error={errors.fontId}
            disabled={!mayEdit}
            onChange={(fontId) => set({ fontId: fontId ?? "" })}
          />
          {mayEdit && (
            <Group>
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate(kit, { onSuccess: () => notifySuccess(t("The brand kit was saved")) })
                }
              >
                {t("Save the brand kit")}
              </Button>
            </Group>
          )}
          {save.error && Object.keys(errors).length === 0 && (
            <Alert color="red">{errorText(save.error)}</Alert>
          )}
        </Stack>
        <BrandPreview kit={kit} fontFamily={font ? fontStack(font) : undefined} />
      </SimpleGrid>
    </Stack>
  );
}

function PictureInput(props: {
  label: string;
  url: string;
  error: string | undefined;
  disabled: boolean;
  loading: boolean;
  onFile(file: File | null): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      {/* The buttons stay beside the picture on a phone: a wide cover gives way, not the row. */}
      <Group gap="sm" wrap="nowrap">
        {props.url ? (
          <Image
            src={props.url}
            alt={props.label}
            h={48}
            w="auto"
            miw={0}
            fit="contain"
            radius="sm"
            style={{ flex: "0 1 auto" }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t("None")}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <FileButton accept="image/png,image/jpeg,image/gif,image/webp" onChange={props.onFile}>
            {(button) => (
              <Button
                {...button}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} />}
                loading={props.loading}
                disabled={props.disabled}
                aria-label={`${t("Upload")}: ${props.label}`}
              >
                {t("Upload")}
              </Button>
            )}
          </FileButton>
          {props.url && !props.disabled && (
            <Button
              variant="subtle"
              size="xs"
              color="gray"
              onClick={props.onClear}
              aria-label={`${t("Remove")}: ${props.label}`}
            >
              {t("Remove")}
            </Button>
          )}
        </Group>
      </Group>
      {props.error && (
        <Text size="xs" c="red" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}

/** How a form in the kit looks: the page, the logo, the cover, a title and a button. */
function BrandPreview({ kit, fontFamily }: { kit: TBrandKit; fontFamily: string | undefined }) {
  const { t } = useTranslation();
  const font = fontById(kit.fontId);
  return (
    <Paper
      withBorder
      p="lg"
      aria-label={t("Preview")}
      style={{ background: kit.backgroundColor || "#f4f6fa", fontFamily }}
      data-testid="brand-preview"
    >
      {font && <link rel="stylesheet" href={fontStylesheet(font)} />}
      <Stack gap="sm" align="center">
        {kit.logo && <Image src={kit.logo} alt="" h={40} w="auto" fit="contain" />}
        <Box bg="white" p="md" w="100%" style={{ borderRadius: 8 }}>
          {kit.cover && <Image src={kit.cover} alt="" h={120} radius="sm" mb="sm" />}
          <Text fw={700} size="lg" style={{ color: kit.textColor || undefined, fontFamily }}>
            {t("Customer survey")}
          </Text>
          <Text size="sm" c="dimmed" mb="sm" style={{ fontFamily }}>
            {t("How did we do?")}
          </Text>
          <Button color={kit.primaryColor || undefined} style={{ fontFamily }}>
            {t("Send")}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
