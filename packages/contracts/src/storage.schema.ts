import { z } from "zod";

/** `GET /storage/max-size`: the largest upload the server takes (PLANUM_MAX_UPLOAD_MB), in bytes. */
export const storageMaxSizeSchema = z.object({ bytes: z.number().int().positive() });
export type StorageMaxSize = z.infer<typeof storageMaxSizeSchema>;
