import "@mantine/tiptap/styles.css";
import { EDITOR_IMAGE_MAX_BYTES } from "@formloom/core/custom-pages";
import { Button, FileButton, Group, Text } from "@mantine/core";
import { Link as LinkExtension, RichTextEditor } from "@mantine/tiptap";
import { IconPhoto } from "@tabler/icons-react";
import Image from "@tiptap/extension-image";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * Mantine's Tiptap editor with pictures kept inline (forms.md §5: under 100 KB unless the server
 * allows more; the server checks again). Downloaded only by the page editor, after its form.
 * `onHtml` receives a reader of the current HTML once the editor is ready.
 */
export function RichTextField({
  initial,
  error,
  onHtml,
}: {
  initial: string;
  error?: string | undefined;
  onHtml: (read: () => string) => void;
}) {
  const { t } = useTranslation();
  const [imageError, setImageError] = useState<string>();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      LinkExtension,
      Image.configure({ allowBase64: true }),
    ],
    content: initial,
    immediatelyRender: false,
  });
  useEffect(() => {
    if (editor) onHtml(() => editor.getHTML());
  }, [editor, onHtml]);
  const addImage = async (file: File | null) => {
    if (!file || !editor) return;
    if (file.size > EDITOR_IMAGE_MAX_BYTES) {
      setImageError(t("codes.page.image.too_large"));
      return;
    }
    setImageError(undefined);
    editor
      .chain()
      .focus()
      .setImage({ src: await readAsDataUrl(file), alt: file.name })
      .run();
  };
  const problem = imageError ?? error;
  return (
    <>
      <RichTextEditor editor={editor} aria-label={t("Text")}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} />
      </RichTextEditor>
      <Group gap="xs">
        <FileButton
          onChange={(file) => void addImage(file)}
          accept="image/png,image/jpeg,image/gif,image/webp"
        >
          {(props) => (
            <Button variant="default" size="xs" leftSection={<IconPhoto size={14} />} {...props}>
              {t("Add a picture")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c={problem ? "red" : "dimmed"} role={problem ? "alert" : undefined}>
          {problem ?? t("Pictures up to 100 KB")}
        </Text>
      </Group>
    </>
  );
}
