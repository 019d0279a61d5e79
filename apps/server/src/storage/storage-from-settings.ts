import type { Settings } from "../settings.ts";
import { createDiskStorage, type FileStorage } from "./file-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

/** The storage STORAGE_DRIVER names: the disk under STORAGE_DIR, or an S3-compatible bucket. */
export function storageFromSettings(settings: Settings): FileStorage {
  return settings.s3 ? createS3Storage(settings.s3) : createDiskStorage(settings.storageDir);
}
