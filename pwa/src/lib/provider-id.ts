import { useRouteContext } from '@tanstack/react-router';

/** The signed-in provider's id (the root route's session check put it there), for anything recorded on the phone. */
export const useProviderId = () =>
  useRouteContext({ from: '__root__', select: (context) => context.user.id });
