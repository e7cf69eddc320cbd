import { useEffect, useState } from 'react';

/** "1 h 05 min", "4 min 09 s": how long until an instant, for a window that ends soon. */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h} h ${pad(m)} min` : `${m} min ${pad(s)} s`;
}

/**
 * The server's clock now, ticking each second: the list says what the server's time was when it
 * was read, so a computer with a wrong clock still counts down right.
 */
export function useServerNow(serverNow: string | undefined, readAt: number): number {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const skew = serverNow ? new Date(serverNow).getTime() - readAt : 0;
  return tick + skew;
}
