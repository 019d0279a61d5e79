/** The 22 extensions a file is taken to be an image by (forms.md §5). */
export const IMAGE_EXTENSIONS = [
  "apng",
  "avif",
  "bmp",
  "cur",
  "gif",
  "heic",
  "heif",
  "ico",
  "jfif",
  "jpe",
  "jpeg",
  "jpg",
  "jxl",
  "pjp",
  "pjpeg",
  "png",
  "svg",
  "svgz",
  "tif",
  "tiff",
  "webp",
  "xbm",
] as const;

const IMAGE_SET: ReadonlySet<string> = new Set(IMAGE_EXTENSIONS);

/** Whether a file name or path ends in one of the image extensions, in any letter case. */
export function isImageFile(name: string): boolean {
  const base = name.split(/[?#]/)[0] ?? "";
  const dot = base.lastIndexOf(".");
  return dot !== -1 && IMAGE_SET.has(base.slice(dot + 1).toLowerCase());
}
