import { createQueryClient } from '@twinclean/shared/http';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app';
import { captureReferral } from './lib/referral';
import './styles.css';

// A referral link (?ref=CODE) may open any page: its code is kept for the visitor's bookings.
captureReferral(window.location.search);

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The router loads a page's code only after its guard has asked who is signed in: a signed-in
// area's first screen (the shell: its frame and a spinner, nothing prerendered) would wait for
// both in turn. Its code is asked for now, beside that question; a failed load is the router's to
// retry and report. A prerendered page is on screen already and has nothing to gain: its code
// comes as the router gets there.
if (!('prerendered' in root.dataset)) {
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) {
    router.loadRouteChunk(route)?.catch(() => {});
  }
}
// Public pages arrive prerendered so they paint before any script runs, and the others with the
// frame the app shows first; React then renders the page in place (a fresh render, so
// data-driven parts are never stale). As a transition React builds that page in slices of a few
// milliseconds instead of one long task, so a tap or a scroll on the page is answered while it
// works.
startTransition(() => {
  createRoot(root).render(<App queryClient={queryClient} router={router} />);
});
