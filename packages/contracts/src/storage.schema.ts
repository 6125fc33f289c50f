import { z } from "zod";

/** `GET /storage/max-size`: the largest upload the server takes (PLANUM_MAX_UPLOAD_MB), in bytes. */
export const storageMaxSizeSchema = z.object({ bytes: z.number().int().positive() });
export type StorageMaxSize = z.infer<typeof storageMaxSizeSchema>;

/** Storage areas (spec §3): documents (avatars, photos, attachments), temp (exports, uploads waiting), backup. */
export const STORAGE_AREAS = ["documents", "temp", "backup"] as const;
export type StorageAreaName = (typeof STORAGE_AREAS)[number];

/** `GET /storage/max-size?area=…`: the limit of that area; without an area, of uploads (documents and temp). */
export const storageMaxSizeQuery = z.object({
  area: z.enum(STORAGE_AREAS, { error: "InvalidValue" }).optional(),
});

/** A stored file of the space as its administrator sees it. */
export const storedFileSchema = z.object({
  id: z.string(),
  area: z.enum(STORAGE_AREAS),
  name: z.string(),
  size: z.number().int(),
  mediaType: z.string(),
  createdAt: z.string(),
  ownerLogin: z.string().nullable(),
});
export type StoredFileInfo = z.infer<typeof storedFileSchema>;

/** `GET /space/{id}/storage`: what the space keeps in each area, and its files newest first (the last 200). */
export const spaceStorageSchema = z.object({
  areas: z.array(
    z.object({
      area: z.enum(STORAGE_AREAS),
      files: z.number().int(),
      bytes: z.number().int(),
      maxBytes: z.number().int(),
    }),
  ),
  files: z.array(storedFileSchema),
});
export type SpaceStorage = z.infer<typeof spaceStorageSchema>;
