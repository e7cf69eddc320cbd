import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PHOTO_MAX_BYTES, PHOTOS_PER_UPLOAD } from '@twinclean/shared/photos';
import busboy from 'busboy';
import { AppError } from '../../errors';
import type { IncomingPhoto } from './service';

const badMultipart = () =>
  new AppError(400, 'bad_multipart', 'The upload is not valid multipart form data.');

/**
 * Reads a multipart photo upload: field photoType, files "photos", and optionally one field
 * "photoIds" per file (the device's uuids, in order). Each file is read to at most one byte
 * past 5 MB, so the 5 MB rule (savePhotos) sees an oversized file as oversized without the
 * server holding more; every other part is bounded too.
 */
export function readMultipart(
  req: IncomingMessage,
): Promise<{ photoType: string | undefined; photos: IncomingPhoto[] }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string[]> = {};
    const files: { name: string; chunks: Buffer[] }[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: PHOTO_MAX_BYTES + 1,
          files: PHOTOS_PER_UPLOAD,
          fields: PHOTOS_PER_UPLOAD + 1,
          fieldSize: 1024,
          parts: 2 * PHOTOS_PER_UPLOAD + 1,
        },
      });
    } catch {
      reject(badMultipart());
      return;
    }
    const fail = (error: AppError) => {
      req.unpipe(parser);
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new AppError(413, 'field_too_large', `${name} is too long.`));
      fields[name] = [...(fields[name] ?? []), value];
    });
    parser.on('file', (_field, stream, info) => {
      const file = { name: info.filename || `Photo ${files.length + 1}`, chunks: [] as Buffer[] };
      files.push(file);
      stream.on('data', (chunk: Buffer) => file.chunks.push(chunk));
    });
    const tooMany = () =>
      fail(
        new AppError(
          413,
          'too_many_files',
          `Upload at most ${PHOTOS_PER_UPLOAD} photos at a time.`,
        ),
      );
    parser.on('filesLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('error', () => fail(badMultipart()));
    parser.on('close', () => {
      const ids = fields.photoIds ?? [];
      resolve({
        photoType: fields.photoType?.[0],
        photos: files.map((f, i) => ({
          clientPhotoId: ids[i] ?? randomUUID(),
          name: f.name,
          bytes: Buffer.concat(f.chunks),
        })),
      });
    });
    req.pipe(parser);
  });
}
