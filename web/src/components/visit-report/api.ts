import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '@twinclean/shared/http';
import {
  type TipRequest,
  tipIntentAnswerSchema,
  tipRecordAnswerSchema,
} from '@twinclean/shared/tips';
import { visitReportSchema } from '@twinclean/shared/visit-report';

// One report, three readers: the signed-in client, an admin, and whoever holds the e-mailed
// link. Keys are the URL they read, in segments (web/src/lib/session.ts): the client's sits under
// '/api/bookings', so whatever refreshes the client's bookings refreshes it too.

export type ReportSource =
  | { kind: 'client'; bookingId: string }
  | { kind: 'admin'; bookingId: string }
  | { kind: 'token'; token: string };

/** The path the report (and, for client and token, its tips) is under. */
export function reportBase(source: ReportSource): string {
  switch (source.kind) {
    case 'client':
      return `/api/bookings/${encodeURIComponent(source.bookingId)}`;
    case 'admin':
      return `/api/admin/bookings/${encodeURIComponent(source.bookingId)}`;
    case 'token':
      return `/api/visit-reports/${encodeURIComponent(source.token)}`;
  }
}

/** The report's own URL: under the booking for the signed in, the token itself for a link. */
export const reportUrl = (source: ReportSource) =>
  source.kind === 'token' ? reportBase(source) : `${reportBase(source)}/visit-report`;

export const reportKey = (source: ReportSource) => {
  switch (source.kind) {
    case 'client':
      return ['/api/bookings', source.bookingId, 'visit-report'] as const;
    case 'admin':
      return ['/api/admin/bookings', source.bookingId, 'visit-report'] as const;
    case 'token':
      return ['/api/visit-reports', source.token] as const;
  }
};

export const visitReportQueryOptions = (source: ReportSource) =>
  queryOptions({
    queryKey: reportKey(source),
    queryFn: async () => visitReportSchema.parse(await getJson(reportUrl(source))),
  });

/** The tip's payment intent, for the amount chosen; the server computes a percent's amount. */
export const useTipIntent = (source: ReportSource) =>
  useMutation({
    // Offline, an attempt fails at once with a message rather than waiting behind its button.
    networkMode: 'always',
    mutationFn: async (request: TipRequest) =>
      tipIntentAnswerSchema.parse(await postJson(`${reportBase(source)}/tips`, request)),
  });

/** Records a tip the gateway says succeeded; the server asks the gateway itself. */
export function useRecordTip(source: ReportSource) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (paymentIntentId: string) =>
      tipRecordAnswerSchema.parse(
        await postJson(`${reportBase(source)}/tips/record`, { paymentIntentId }),
      ),
    // The report lists the tip given; the client's booking lists the payment.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reportKey(source) });
      if (source.kind === 'client') {
        void queryClient.invalidateQueries({ queryKey: ['/api/bookings', source.bookingId] });
      }
    },
  });
}
