import {
  PHOTO_JSON_MAX_BYTES,
  photoDataUrlUploadSchema,
  photoTypeSchema,
} from '@twinclean/shared/photos';
import { ADMIN_ROLES } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Storage } from '../../adapters/storage';
import { idParamsSchema, parseInput } from '../../http/input';
import { type Route, route } from '../../http/route';
import { readMultipart } from './multipart';
import { fromDataUrls, type IncomingPhoto, readPhoto, savePhotos } from './service';

const multipartFieldsSchema = z.object({
  photoType: photoTypeSchema,
  photoIds: z.array(z.string().uuid('Photo ids must be UUIDs')),
  /** How many files came. */
  photos: z.number().min(1, 'Add at least one photo'),
});

/** The photos of a multipart upload, its fields checked like the JSON form's. */
async function multipartPhotos(ctx: { req: import('node:http').IncomingMessage }) {
  const upload = await readMultipart(ctx.req);
  const fields = parseInput(
    multipartFieldsSchema,
    // The fields only: the files' bytes are checked by savePhotos.
    {
      photoType: upload.photoType,
      photoIds: upload.photos.map((p) => p.clientPhotoId),
      photos: upload.photos.length,
    },
    'body',
  );
  return { photoType: fields.photoType, photos: upload.photos };
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
      },
      async (ctx, { user, params, body }) => {
        let upload: { photoType: 'before' | 'after'; photos: IncomingPhoto[] };
        if (body)
          upload = { photoType: body.photoType, photos: fromDataUrls(body.photos, body.photoIds) };
        else upload = await multipartPhotos(ctx);
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
        ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
        ctx.type = photo.mimeType;
        return photo.bytes;
      },
    ),
  ];
}
