/** "just now", "5 min ago", "3 h ago", "2 days ago": how old the data on screen is. */
export function timeAgo(instant: string | number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(instant).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}
