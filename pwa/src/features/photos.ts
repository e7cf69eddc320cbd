import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@twinclean/shared/http';
import { PHOTO_MAX_BYTES } from '@twinclean/shared/photos';
import { jobsQuery } from './api';

export type PhotoType = 'before' | 'after';
/** A chosen photo with the uuid that makes its upload idempotent. */
export type ChosenPhoto = { id: string; file: File };

/** Spec 2 §5: the first file over 5 MB, named as the message wants it. */
export function tooLarge(files: readonly File[]): File | undefined {
  return files.find((file) => file.size > PHOTO_MAX_BYTES);
}

export const choosePhotos = (files: readonly File[]): ChosenPhoto[] =>
  files.map((file) => ({ id: crypto.randomUUID(), file }));

/** Multipart upload; the server recognises a photo it already has by its uuid. */
export function useUploadPhotos(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoType, photos }: { photoType: PhotoType; photos: ChosenPhoto[] }) => {
      const form = new FormData();
      form.append('photoType', photoType);
      for (const { id, file } of photos) {
        form.append('photoIds', id);
        form.append('photos', file, file.name);
      }
      return apiRequest('POST', `/api/provider/bookings/${bookingId}/photos`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey }),
  });
}
