/** Hours to one decimal (spec 2 "Admin bookings"). */
export const formatHours = (hours: number | null) => (hours === null ? '—' : hours.toFixed(1));
