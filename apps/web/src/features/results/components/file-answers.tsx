import type { TFileRef } from "@formloom/core/field-types/file-like";
import { isImageFile } from "@formloom/core/files";
import { Anchor, Button, Group, Image, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { unwrap } from "../../../lib/api-client.ts";
import { notifyError } from "../../../lib/notify.ts";
import { client } from "../../../lib/typed-client.ts";
import { saveFile } from "../api/export-answers.ts";

interface StoredFile {
  id: number;
  fileId: string;
}

/** A stored upload's address under the API (`/api/forms/{id}/files/{fileId}`), read as its path's parts. */
function storedFile(url: string): StoredFile | null {
  const parts = /^\/api\/forms\/(\d+)\/files\/([^/?#]+)$/.exec(url);
  return parts ? { id: Number(parts[1]), fileId: decodeURIComponent(parts[2]!) } : null;
}

const fetchFile = (path: StoredFile) =>
  unwrap(client.GET("/api/forms/{id}/files/{fileId}", { params: { path }, parseAs: "blob" }));

/**
 * The files of an upload answer: pictures drawn (core's list of image extensions decides), every
 * file downloadable. Files are served only to signed-in readers, so they are fetched with the
 * reader's token rather than linked.
 */
export function FileAnswers({ files }: { files: TFileRef[] }) {
  return (
    <Stack gap="xs">
      {files.map((file, index) => (
        <FileAnswer key={file.id ?? index} file={file} />
      ))}
    </Stack>
  );
}

function FileAnswer({ file }: { file: TFileRef }) {
  const { t } = useTranslation();
  const name = file.name || file.url;
  const path = storedFile(file.url);
  const picture = useQuery({
    queryKey: ["answer-file", path],
    queryFn: () => (path ? fetchFile(path) : Promise.reject(new Error("Not a stored file"))),
    enabled: path !== null && isImageFile(name),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const source = useObjectUrl(picture.data);

  if (path === null)
    return /^https?:\/\//.test(file.url) ? (
      <Anchor href={file.url} target="_blank" rel="noreferrer noopener">
        {name}
      </Anchor>
    ) : (
      <Text size="sm">{name}</Text>
    );

  const download = async () => {
    try {
      saveFile(await fetchFile(path), name);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      {source && <Image src={source} alt={name} maw={240} mah={180} fit="contain" radius="sm" />}
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {name}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={t("Download {{name}}", { name })}
          onClick={download}
        >
          {t("Download")}
        </Button>
      </Group>
    </Stack>
  );
}

/** An address for a fetched file while it is shown, released afterwards. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
