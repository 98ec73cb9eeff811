import { describe, expect, it } from 'vitest';
import { formatBoardDate, formatDateTime, formatDayMonthYear } from './dates';

describe('dates', () => {
  it('should write lists and notifications as dd/mm/yyyy with zero padding', () => {
    expect(formatDayMonthYear(new Date(2026, 0, 5, 9, 3))).toBe('05/01/2026');
    expect(formatDayMonthYear(new Date(2026, 10, 23).toISOString())).toBe('23/11/2026');
  });

  it('should write the board date as day-month-year', () => {
    expect(formatBoardDate(new Date(2026, 2, 9))).toBe('09-03-2026');
  });

  it('should add the time for a timeline entry', () => {
    expect(formatDateTime(new Date(2026, 10, 23, 7, 4))).toBe('23/11/2026 07:04');
  });

  it('should give an empty text for a missing or broken date', () => {
    expect(formatDayMonthYear(null)).toBe('');
    expect(formatBoardDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
