import { type APIRequest, expect } from '@playwright/test';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { zipCentroidGeocoder } from '../api/src/adapters/geocoder';
import { DEMO_PASSWORD } from './helpers';
import { BASE_URL, newProvider } from './phone';

/**
 * A fresh provider who took `jobId` from the job board, through the API as their phone would:
 * `api` asks as them, `punch` clocks in or out at the job's point (a clock-out sends no price).
 */
export async function providerWhoTook(request: APIRequest, jobId: string) {
  const api = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Origin: BASE_URL },
  });
  const login = await api.post('/api/auth/login', {
    data: { email: await newProvider(), password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  expect((await api.post(`/api/provider/job-board/${jobId}/accept`)).status()).toBe(200);
  return {
    api,
    punch: async (type: 'clock-in' | 'clock-out') => {
      const job = providerJobSchema.parse(
        await (await api.get(`/api/provider/jobs/${jobId}`)).json(),
      );
      const point = await zipCentroidGeocoder().locate(job);
      const res = await api.post(`/api/provider/${type}/${jobId}`, {
        data: { latitude: point?.latitude, longitude: point?.longitude, accuracy: 10 },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    dispose: () => api.dispose(),
  };
}
