import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  PHOTO_JSON_MAX_BYTES,
  photoDataUrlUploadSchema,
  photoMultipartFieldsSchema,
} from '@twinclean/shared/photos';
import { ADMIN_ROLES } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import type { Storage } from '../../adapters/storage/storage';
import { idParamsSchema, parseInput } from '../../http/input';
import { type Route, route } from '../../http/route';
import { readMultipart } from './multipart';
import { fromDataUrls, type IncomingPhoto, ownJob, readPhoto, savePhotos } from './service';

/** A photo's task when the upload names tasks (an empty key: none); nothing when it does not. */
const taskOf = (keys: readonly string[] | undefined, i: number) =>
  keys ? { checklistItemKey: keys[i] || null } : {};

/** The photos of a multipart upload, its fields checked by the same rules as the JSON form's. */
async function multipartPhotos(req: IncomingMessage) {
  const { fields, files } = await readMultipart(req);
  const checked = parseInput(
    photoMultipartFieldsSchema,
    {
      photoType: fields.photoType?.[0],
      photos: files.map((f) => f.name),
      photoIds: fields.photoIds,
      photoWidths: fields.photoWidths,
      photoHeights: fields.photoHeights,
      checklistItemKeys: fields.checklistItemKeys,
    },
    'body',
  );
  const { photoWidths: widths, photoHeights: heights } = checked;
  return {
    photoType: checked.photoType,
    photos: files.map((file, i) => ({
      ...file,
      clientPhotoId: checked.photoIds?.[i] ?? randomUUID(),
      ...taskOf(checked.checklistItemKeys, i),
      ...(widths && heights && { size: { width: widths[i] ?? 0, height: heights[i] ?? 0 } }),
    })),
  };
}

export function photoRoutes(db: Knex, storage: Storage): Route[] {
  return [
    // Multipart (the app) or the spec's JSON data URLs; either is read only after the caller is
    // known to be a provider, each within its own bound.
    route(
      {
        method: 'POST',
        path: '/api/provider/bookings/:id/photos',
        access: { roles: ['provider'], owns: 'job' },
        params: idParamsSchema,
        body: photoDataUrlUploadSchema,
        bodyLimit: PHOTO_JSON_MAX_BYTES,
        multipart: true,
        status: 201,
        before: ({ user, params }) => ownJob(user.id, params.id),
      },
      async (ctx, { user, params, body }) => {
        let upload: { photoType: 'before' | 'after'; photos: IncomingPhoto[] };
        if (body)
          upload = {
            photoType: body.photoType,
            photos: fromDataUrls(body.photos, body.photoIds).map((photo, i) => ({
              ...photo,
              ...taskOf(body.checklistItemKeys, i),
            })),
          };
        else upload = await multipartPhotos(ctx.req);
        return {
          message: 'Photos Uploaded',
          photos: await savePhotos(
            db,
            storage,
            user.id,
            params.id,
            upload.photoType,
            upload.photos,
          ),
        };
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/photos/:id',
        access: { roles: ['client', 'provider', ...ADMIN_ROLES], owns: 'job photo' },
        params: idParamsSchema,
      },
      async (ctx, { user, params }) => {
        const photo = await readPhoto(storage, user, params.id);
        // Kept by this browser alone, for the week the provider app keeps its jobs offline.
        ctx.set('Cache-Control', 'private, max-age=604800, immutable');
        ctx.type = photo.mimeType;
        return photo.bytes;
      },
    ),
  ];
}
