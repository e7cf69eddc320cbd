import { useMutation, useQuery } from '@tanstack/react-query';
import { addOnListSchema } from '@twinclean/shared/add-ons';
import { createdBookingSchema, type HouseBookingInput } from '@twinclean/shared/bookings';
import { apiRequest } from '@twinclean/shared/http';
import { pricingConfigSchema } from '@twinclean/shared/pricing';

const getJson = async (url: string) => (await apiRequest('GET', url)).json();

export const pricingQuery = {
  queryKey: ['/api/pricing'],
  queryFn: async () => pricingConfigSchema.parse(await getJson('/api/pricing')),
};
export const usePricing = () => useQuery(pricingQuery);

export const useAddOns = () =>
  useQuery({
    queryKey: ['/api/add-ons'],
    queryFn: async () => addOnListSchema.parse(await getJson('/api/add-ons')),
  });

export const useCreateBooking = () =>
  useMutation({
    mutationFn: async (input: HouseBookingInput) =>
      createdBookingSchema.parse(await (await apiRequest('POST', '/api/bookings', input)).json()),
  });
