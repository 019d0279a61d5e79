import { Button, Group, Image, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

interface Rendered {
  svg: string;
  png: string;
}

/** The QR code of a link, shown and offered for download as SVG (print) and PNG (anywhere). */
export function QrCode({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation();
  const [rendered, setRendered] = useState<Rendered | null>(null);

  useEffect(() => {
    let current = true;
    const options = { errorCorrectionLevel: "M", margin: 2 } as const;
    Promise.all([
      QRCode.toString(url, { ...options, type: "svg" }),
      QRCode.toDataURL(url, { ...options, width: 1024 }),
    ])
      .then(([svg, png]) => {
        if (current) setRendered({ svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png });
      })
      .catch(() => current && setRendered(null));
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <Stack gap="xs" align="flex-start">
      {rendered ? (
        <Image
          src={rendered.svg}
          alt={t("QR code of the form's link")}
          w={180}
          h={180}
          data-testid="qr-code"
        />
      ) : (
        <div style={{ width: 180, height: 180 }} aria-busy="true" />
      )}
      <Text size="xs" c="dimmed">
        {t("Print it or show it on a screen: a phone's camera opens the form.")}
      </Text>
      <Group gap="xs">
        <Button
          component="a"
          href={rendered?.svg}
          download={`${fileName}-qr.svg`}
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} />}
          disabled={!rendered}
        >
          SVG
        </Button>
        <Button
          component="a"
          href={rendered?.png}
          download={`${fileName}-qr.png`}
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} />}
          disabled={!rendered}
        >
          PNG
        </Button>
      </Group>
    </Stack>
  );
}
