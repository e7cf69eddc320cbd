import { photoDataUrlUploadSchema, photoTypeSchema } from '@twinclean/shared/photos';
import { z } from 'zod';
import type { Storage } from '../../adapters/storage';
import { type ApiRouter, createRouter } from '../../context';
import { idParamsSchema, parseBody, parseParams } from '../../http/input';
import { requireRole, requireUser } from '../../security/guards';
import { readMultipart } from './multipart';
import { fromDataUrls, readPhoto, savePhotos } from './service';

const uuidList = z.array(z.string().uuid('Photo ids must be UUIDs'));

export function photoRoutes(storage: Storage): ApiRouter {
  return createRouter()
    .post('/api/provider/bookings/:id/photos', async (ctx) => {
      const me = await requireRole(ctx, ['provider']);
      const { id } = parseParams(ctx, idParamsSchema);
      let photoType: 'before' | 'after';
      let photos: Awaited<ReturnType<typeof readMultipart>>['photos'];
      if (ctx.is('multipart/form-data')) {
        const upload = await readMultipart(ctx.req);
        photoType = photoTypeSchema.parse(upload.photoType);
        uuidList.parse(upload.photos.map((p) => p.clientPhotoId));
        photos = upload.photos;
        if (photos.length === 0)
          throw new z.ZodError([
            { code: 'custom', path: ['photos'], message: 'Add at least one photo', input: [] },
          ]);
      } else {
        const body = parseBody(ctx, photoDataUrlUploadSchema);
        photoType = body.photoType;
        photos = fromDataUrls(body.photos, body.photoIds);
      }
      ctx.status = 201;
      ctx.body = {
        message: 'Photos Uploaded',
        photos: await savePhotos(storage, me.id, id, photoType, photos),
      };
    })
    .get('/api/photos/:id', async (ctx) => {
      const user = await requireUser(ctx);
      const photo = await readPhoto(storage, user, parseParams(ctx, idParamsSchema).id);
      ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
      ctx.type = photo.mimeType;
      ctx.body = photo.bytes;
    });
}
