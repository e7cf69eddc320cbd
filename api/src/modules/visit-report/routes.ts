import { ADMIN } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { hit, LIMITS } from '../../security/rate-limit';
import {
  type Reader,
  reportedVisit,
  reportPhotoParamsSchema,
  reportTokenParamsSchema,
} from './access';
import { type ReportDeps, reportDocument, reportPhoto } from './document';
import { visitReport } from './report';

type Ctx = Parameters<Route['run']>[0];

/** The report of a reader's visit, or its refusal (access.ts). */
async function report(deps: ReportDeps, reader: Reader) {
  const now = new Date();
  return visitReport(deps.db, await reportedVisit(deps.db, reader, now), reader, now);
}

/** The PDF as a download. */
async function pdf(ctx: Ctx, deps: ReportDeps, reader: Reader) {
  const { bytes, filename } = await reportDocument(deps, reader);
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  return bytes;
}

/**
 * Issue 32 "Proof-of-visit report": after the clock-out, the visit's client (signed in), the
 * admins, and whoever holds the completion e-mail's link (30 days, no sign-in) read what was
 * done — punches, hours, checklist, photos, rating and tips — online or as a one-page PDF.
 */
export function visitReportRoutes(deps: ReportDeps): Route[] {
  const client = (userId: string, bookingId: string): Reader => ({
    kind: 'client',
    userId,
    bookingId,
  });
  return [
    route(
      {
        method: 'GET',
        path: '/api/bookings/:id/visit-report',
        access: { roles: ['client'], owns: 'booking' },
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => report(deps, client(user.id, params.id)),
    ),
    route(
      {
        method: 'GET',
        path: '/api/bookings/:id/visit-report/pdf',
        access: { roles: ['client'], owns: 'booking' },
        params: idParamsSchema,
      },
      (ctx, { user, params }) => pdf(ctx, deps, client(user.id, params.id)),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/bookings/:id/visit-report',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { params }) => report(deps, { kind: 'admin', bookingId: params.id }),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/bookings/:id/visit-report/pdf',
        access: ADMIN,
        params: idParamsSchema,
      },
      (ctx, { params }) => pdf(ctx, deps, { kind: 'admin', bookingId: params.id }),
    ),
    route(
      {
        method: 'GET',
        path: '/api/visit-reports/:token',
        access: { public: true },
        params: reportTokenParamsSchema,
      },
      (_ctx, { params }) => report(deps, { kind: 'token', token: params.token }),
    ),
    route(
      {
        method: 'GET',
        path: '/api/visit-reports/:token/pdf',
        access: { public: true },
        params: reportTokenParamsSchema,
      },
      async (ctx, { params }) => {
        // Anyone with the link, no sign-in, and each PDF reads the visit's photos: kept slow.
        await hit(deps.db, LIMITS.reportPdfsPerIp, ctx.ip);
        return pdf(ctx, deps, { kind: 'token', token: params.token });
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/visit-reports/:token/photos/:photoId',
        access: { public: true },
        params: reportPhotoParamsSchema,
      },
      async (ctx, { params }) => {
        const photo = await reportPhoto(deps, params.token, params.photoId);
        // Kept by this browser only, and not past a day: the link it came through expires.
        ctx.set('Cache-Control', 'private, max-age=86400');
        ctx.type = photo.mimeType;
        return photo.bytes;
      },
    ),
  ];
}
