/** The shape of an ISO 8601 date, or date-time with a zone, that {@link parseIsoDate} reads (the calendar aside). */
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):(\d{2})))?$/;

/**
 * The time (ms since the epoch) of an ISO 8601 date (`2027-01-31`, midnight UTC) or date-time with a zone
 * (`2027-01-31T12:00Z`, `2027-01-31T12:00:00+02:00`); undefined for anything else, impossible calendar dates
 * (`2027-02-30`) and times (`24:00`) included, which `Date.parse` would roll over into the next month or day.
 */
export function parseIsoDate(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', , offsetHour = '0', offsetMinute = '0'] = match;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || Number(offsetHour) > 23 || Number(offsetMinute) > 59)
    return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
