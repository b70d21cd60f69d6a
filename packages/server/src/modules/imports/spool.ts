import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SpooledFile, type UploadBytes } from '@loyalty/contracts';
import { AppError } from '../../platform/errors.ts';

/**
 * Received files on disk (decisions/imports.md "Files on disk"): an upload, a push or an inbox file
 * is written to the spool folder as it arrives, hashed on the way (SHA-256, the "already imported"
 * check), and read back as a stream by the staging — no request holds a file in memory.
 */
export const importFiles = {
  /** IMPORT_SPOOL_DIR: shared by the instances (any of them may stage a pushed file). */
  spoolDir: path.join(tmpdir(), 'loyalty-imports'),
  /** IMPORT_MAX_FILE_BYTES: larger files are refused 413 PAYLOAD_TOO_LARGE. */
  maxFileBytes: 4 * 1024 ** 3,
};

/** Set by buildApp from the configuration. */
export function useImportFiles(config: { spoolDir: string; maxFileBytes: number }) {
  Object.assign(importFiles, config);
}

export const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${importFiles.maxFileBytes} bytes`);

/** Counts and hashes the bytes passing through; refuses a stream longer than the limit. */
class Hashing extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > importFiles.maxFileBytes) return done(tooLarge());
    this.hash.update(chunk);
    done(null, chunk);
  }
}

/**
 * Writes a stream to a new file of the spool folder while hashing it; answers the file. A stream
 * that fails (the client went away, the limit passed, `truncated` says so after the end) leaves no file.
 */
export async function spool(source: Readable, truncated?: () => boolean): Promise<SpooledFile> {
  await mkdir(importFiles.spoolDir, { recursive: true });
  const file = path.join(importFiles.spoolDir, `${randomUUID()}.part`);
  const hashing = new Hashing();
  try {
    await pipeline(source, hashing, createWriteStream(file, { flags: 'wx' }));
    if (truncated?.()) throw tooLarge();
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return new SpooledFile(file, hashing.bytes, hashing.hash.digest('hex'));
}

/** Hashes a file already on disk (an inbox file), streamed. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Removes a spooled file (once its import no longer needs it); a file gone already is fine. */
export async function unspool(content: { path: string } | string | null | undefined) {
  const file = typeof content === 'string' ? content : content?.path;
  if (file) await rm(file, { force: true });
}

const chunkSize = 256 * 1024;

/** A file to read: a spooled (or inbox) file on disk, or a small file's bytes in memory. */
export type FileSource = { path: string } | UploadBytes;

/** The bytes of a file as a stream (read from disk in 256 KB chunks). */
export function openSource(source: FileSource): Readable {
  if ('path' in source) return createReadStream(source.path, { highWaterMark: chunkSize });
  const bytes = source.data;
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.byteLength; i += chunkSize)
        yield Buffer.from(bytes.buffer, bytes.byteOffset + i, Math.min(chunkSize, bytes.byteLength - i));
    })(),
  );
}

/** A file's SHA-256: the spool's (hashed as it arrived), or computed for bytes in memory. */
export const checksumOf = (content: SpooledFile | UploadBytes) =>
  content instanceof SpooledFile ? content.sha256 : createHash('sha256').update(content.data).digest('hex');
