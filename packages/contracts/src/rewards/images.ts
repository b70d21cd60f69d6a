import { z } from 'zod';
import { command } from '../commands.ts';
import { text } from '../common.ts';

/** Raster formats accepted for catalogue images, recognised by their content (magic bytes). */
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

/** Largest upload accepted, in bytes (before re-encoding). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Path of an image: public (images are catalogue content), immutable, never served as script. */
export const imagePath = (id: string) => `/api/admin/images/${id}`;

/** An image reference in a form: the id the upload answered. */
export const imageIdField = (missingKey: string) =>
  z.uuid({ error: missingKey }).describe('Id of an uploaded image (POST /api/admin/images)');

/**
 * Uploaded bytes inside a command input. Serialised (audit, approval requests) as their size
 * only, so an audit entry never carries the file.
 */
export class UploadBytes {
  constructor(readonly data: Uint8Array) {}
  toJSON() {
    return { bytes: this.data.byteLength };
  }
}

export const imageUploadInput = z.object({
  filename: text(200).default(''),
  content: z.instanceof(UploadBytes),
});
export type ImageUploadInput = z.infer<typeof imageUploadInput>;

export const imageSchema = z.object({
  id: z.uuid(),
  url: z.string().describe('Where the image is served'),
  contentType: z.enum(imageContentTypes),
  size: z.number().int().describe('Bytes after re-encoding'),
  width: z.number().int(),
  height: z.number().int(),
});
export type Image = z.infer<typeof imageSchema>;

export const imageCommands = {
  upload: command('image.upload', imageUploadInput, 'Upload an image for the rewards catalogue'),
};
