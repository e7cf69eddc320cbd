import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PHOTO_MAX_BYTES, PHOTOS_PER_UPLOAD } from '@twinclean/shared/photos';
import busboy from 'busboy';
import { AppError } from '../../errors';
import type { IncomingPhoto } from './service';

/**
 * Reads a multipart photo upload: field photoType, files "photos", and optionally one field
 * "photoIds" per file (the device's uuids, in order). A file over 5 MB is refused, not cut.
 */
export function readMultipart(
  req: IncomingMessage,
): Promise<{ photoType: string | undefined; photos: IncomingPhoto[] }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string[]> = {};
    const files: { name: string; bytes: Buffer; truncated: boolean }[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTOS_PER_UPLOAD, fields: 40 },
      });
    } catch {
      reject(new AppError(400, 'bad_multipart', 'The upload is not valid multipart form data.'));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = [...(fields[name] ?? []), value];
    });
    parser.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      const file = {
        name: info.filename || `Photo ${files.length + 1}`,
        bytes: Buffer.alloc(0),
        truncated: false,
      };
      files.push(file);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        file.truncated = true;
      });
      stream.on('end', () => {
        file.bytes = Buffer.concat(chunks);
      });
    });
    parser.on('filesLimit', () =>
      reject(
        new AppError(
          413,
          'too_many_files',
          `Upload at most ${PHOTOS_PER_UPLOAD} photos at a time.`,
        ),
      ),
    );
    parser.on('error', () =>
      reject(new AppError(400, 'bad_multipart', 'The upload is not valid multipart form data.')),
    );
    parser.on('close', () => {
      const big = files.find((f) => f.truncated);
      if (big) return reject(new AppError(413, 'file_too_large', `${big.name} is larger than 5MB`));
      const ids = fields.photoIds ?? [];
      resolve({
        photoType: fields.photoType?.[0],
        photos: files.map((f, i) => ({
          clientPhotoId: ids[i] ?? randomUUID(),
          name: f.name,
          bytes: f.bytes,
        })),
      });
    });
    req.pipe(parser);
  });
}
