import type { IncomingMessage } from 'node:http';
import { PHOTO_MAX_BYTES, PHOTOS_PER_UPLOAD } from '@twinclean/shared/photos';
import busboy from 'busboy';
import { AppError } from '../../errors';
import { fileTooLarge } from './service';

const FIELD_MAX_BYTES = 1024;
// Ten files of at most 5 MB and a few short fields, with room for part headers: a request
// streaming past this is cut off there, whatever its parts claim.
const UPLOAD_MAX_BYTES = PHOTOS_PER_UPLOAD * (PHOTO_MAX_BYTES + 4096) + 64 * 1024;

export type MultipartUpload = {
  /** Each field's values, in order (photoType, photoIds, photoWidths, photoHeights, checklistItemKeys). */
  fields: Record<string, string[]>;
  files: { name: string; bytes: Buffer }[];
};

const tooLarge = (message: string) => new AppError(413, 'payload_too_large', message);

/**
 * Reads a multipart photo upload, holding at most one byte past 5 MB per file: a bigger file is
 * refused as soon as it passes that (the 5 MB rule itself, for both forms, is savePhotos'), as
 * is a request past the whole upload's bound; an upload the client abandons fails.
 */
export function readMultipart(req: IncomingMessage): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    // No prototype: a part named "constructor" or "__proto__" must not read Object's own.
    const fields: Record<string, string[]> = Object.create(null);
    const files: { name: string; chunks: Buffer[] }[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: PHOTO_MAX_BYTES + 1,
          files: PHOTOS_PER_UPLOAD,
          // photoType, and per photo its id, width, height and checklist task.
          fields: 4 * PHOTOS_PER_UPLOAD + 1,
          fieldSize: FIELD_MAX_BYTES,
          parts: 5 * PHOTOS_PER_UPLOAD + 1,
        },
      });
    } catch {
      reject(new AppError(400, 'bad_multipart', 'The upload is not valid multipart form data.'));
      return;
    }
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      // Nothing more reaches the parser (destroying it here, inside its own event, would crash
      // it); the answer closes the connection, and what is still on its way is dropped.
      req.unpipe(parser);
      reject(error);
    };
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > UPLOAD_MAX_BYTES) fail(tooLarge('The upload is too large.'));
    });
    req.on('aborted', () =>
      fail(new AppError(400, 'upload_aborted', 'The upload was cut off before it ended.')),
    );
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(tooLarge(`${name} is too long.`));
      fields[name] = [...(fields[name] ?? []), value];
    });
    parser.on('file', (_field, stream, info) => {
      const file = { name: info.filename || `Photo ${files.length + 1}`, chunks: [] as Buffer[] };
      files.push(file);
      stream.on('data', (chunk: Buffer) => {
        if (!settled) file.chunks.push(chunk);
      });
      // A body cut short ends its open file with an error: the upload fails, the server does not.
      stream.on('error', () =>
        fail(new AppError(400, 'bad_multipart', 'The upload is not valid multipart form data.')),
      );
      stream.on('limit', () => fail(fileTooLarge(file.name)));
    });
    const tooMany = () => fail(tooLarge(`Upload at most ${PHOTOS_PER_UPLOAD} photos at a time.`));
    parser.on('filesLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('error', () =>
      fail(new AppError(400, 'bad_multipart', 'The upload is not valid multipart form data.')),
    );
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({
        fields,
        files: files.map((f) => ({ name: f.name, bytes: Buffer.concat(f.chunks) })),
      });
    });
    req.pipe(parser);
  });
}
