import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import {
  type Image,
  type ImageContentType,
  imageCommands,
  imagePath,
  imageSchema,
  MAX_IMAGE_BYTES,
  problemSchema,
  UploadBytes,
} from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { images } from '../db/schema/index.ts';
import { defineHandler } from './commands.ts';
import { AppError, notFound } from './errors.ts';
import { pendingSchema, runCommand } from './http.ts';

/*
 * Image uploads: the only files the system accepts from staff.
 *
 * Safety comes from three independent layers:
 * 1. the type is read from the content (magic bytes) — never from the name or the declared type —
 *    and only PNG, JPEG and WebP pass (SVG, HTML, PDF, GIF… are refused);
 * 2. the image is decoded and re-encoded by sharp (libvips): what is stored is pixels we produced,
 *    without metadata (EXIF, GPS) and no larger than MAX_EDGE on either side, so a polyglot file
 *    (an image that is also HTML or script) cannot survive;
 * 3. it is served with its real type, `X-Content-Type-Options: nosniff`,
 *    `Content-Security-Policy: default-src 'none'; sandbox` and `Content-Disposition: attachment`,
 *    so even opened directly nothing in it can run.
 */

/** Longest side kept, in pixels; larger images are scaled down. */
const MAX_EDGE = 1600;
/** Refuse decoding images larger than this many pixels (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

const signatures: { type: ImageContentType; matches: (b: Uint8Array) => boolean }[] = [
  {
    type: 'image/png',
    matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
];
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The image type the bytes really are, or undefined when they are none of the accepted ones. */
export function detectImageType(bytes: Uint8Array): ImageContentType | undefined {
  return signatures.find((s) => s.matches(bytes))?.type;
}

/**
 * sharp (libvips), loaded on the first image: ≈ 8 MB of RSS a server that stores no image need not
 * hold (decisions/imports.md "Memory").
 */
export const loadSharp = async () => (await import('sharp')).default;

const sharpFormat = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;
const extension = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

export interface NormalisedImage {
  contentType: ImageContentType;
  data: Buffer;
  width: number;
  height: number;
}

/** Checks the content and re-encodes it in its own format; throws UNSUPPORTED_MEDIA_TYPE. */
export async function normaliseImage(bytes: Uint8Array): Promise<NormalisedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const contentType = detectImageType(bytes);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const format = sharpFormat[contentType];
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .toFormat(format, format === 'png' ? { compressionLevel: 9 } : { quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { contentType, data, width: info.width, height: info.height };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file could not be read as an image');
  }
}

type ImageRow = typeof images.$inferSelect;
const toImage = (row: Pick<ImageRow, 'id' | 'contentType' | 'size' | 'width' | 'height'>): Image => ({
  id: row.id,
  url: imagePath(row.id),
  contentType: row.contentType,
  size: row.size,
  width: row.width,
  height: row.height,
});

/**
 * Stores an image (checked and re-encoded) and answers its id and URL. The same picture stored
 * twice is kept once. Demo data and other areas call this too.
 */
export async function saveImage(
  db: Executor,
  bytes: Uint8Array,
  meta: { filename?: string; createdBy?: number } = {},
): Promise<Image> {
  const image = await normaliseImage(bytes);
  const sha256 = createHash('sha256').update(image.data).digest('hex');
  const columns = {
    id: images.id,
    contentType: images.contentType,
    size: images.size,
    width: images.width,
    height: images.height,
  };
  const [inserted] = await db
    .insert(images)
    .values({
      ...image,
      sha256,
      size: image.data.byteLength,
      filename: meta.filename ?? '',
      createdBy: meta.createdBy,
    })
    .onConflictDoNothing({ target: images.sha256 })
    .returning(columns);
  const [row] = inserted
    ? [inserted]
    : await db.select(columns).from(images).where(eq(images.sha256, sha256));
  if (!row) throw new AppError('CONFLICT', 'The image was removed while being stored');
  return toImage(row);
}

/** Whether an image id exists (forms reference images by id). */
export async function imageExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.id, id));
  return row !== undefined;
}

export const imageHandlers = [
  defineHandler(
    imageCommands.upload,
    async ({ tx, actor }, input) => {
      const image = await saveImage(tx, input.content.data, {
        filename: input.filename,
        createdBy: actor.userId,
      });
      return {
        result: image,
        targetType: 'image',
        targetId: image.id,
        after: { ...image, filename: input.filename },
      };
    },
    // An upload changes nothing until a record refers to it; that record's command is the one approved.
    { approvable: false },
  ),
];

/** Headers that keep a served file inert whatever it contains. */
const inertHeaders = (row: { id: string; contentType: ImageContentType; sha256: string }) => ({
  'content-type': row.contentType,
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'content-disposition': `attachment; filename="${row.id}.${extension[row.contentType]}"`,
  'cache-control': 'public, max-age=31536000, immutable',
  etag: `"${row.sha256}"`,
});

/**
 * `POST /images` (multipart field `file`) and `GET /images/{id}`. Multipart parsing is
 * registered inside this plugin only, so no other route accepts multipart bodies.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
  const tags = ['Rewards: images'];

  app.post(
    '/images',
    {
      config: { access: { permission: imageCommands.upload.name } },
      schema: {
        tags,
        summary: 'Upload an image (multipart/form-data, field "file"; PNG, JPEG or WebP up to 2 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: imageSchema,
          202: pendingSchema,
          400: problemSchema,
          413: problemSchema,
          415: problemSchema,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
      const file = await req.file();
      if (file?.fieldname !== 'file')
        throw new AppError('BAD_REQUEST', 'The multipart field "file" is missing');
      const content = new UploadBytes(await file.toBuffer());
      return runCommand(req, reply, imageCommands.upload.name, { filename: file.filename, content }, 201);
    },
  );

  app.get(
    '/images/:id',
    {
      // Catalogue images are public content (the customer app shows them too); ids are unguessable.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An uploaded image, served inert',
        description: 'Answers 404 problem+json when there is no such image.',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (req, reply) => {
      const [row] = await app.db
        .select({ id: images.id, contentType: images.contentType, sha256: images.sha256, data: images.data })
        .from(images)
        .where(eq(images.id, req.params.id));
      if (!row) throw notFound('Image');
      const headers = inertHeaders(row);
      if (req.headers['if-none-match'] === headers.etag) return reply.code(304).headers(headers).send();
      return reply.headers(headers).send(Buffer.from(row.data));
    },
  );
};
