import { describe, expect, it } from 'vitest';
import { conditionText, filterRequests, newestFirst } from './filter';

const requests = [
  {
    identifier: 'PT-001',
    trialName: 'Osimertinib in NSCLC',
    status: 'newRequest',
    createdAt: '2026-11-01T10:00:00Z',
  },
  {
    identifier: 'pt-002',
    trialName: 'Pembrolizumab Melanoma',
    status: 'accepted',
    createdAt: '2026-11-20T10:00:00Z',
  },
  {
    identifier: 'X-77',
    trialName: 'Breast study PT',
    status: 'cancelled',
    createdAt: '2026-11-10T10:00:00Z',
  },
];

describe('request list filter', () => {
  it('should sort newest first', () => {
    expect(newestFirst(requests).map((r) => r.identifier)).toEqual(['pt-002', 'X-77', 'PT-001']);
  });

  it('should match identifier or trial name case-insensitively', () => {
    expect(filterRequests(requests, 'pt', '').map((r) => r.identifier)).toEqual([
      'PT-001',
      'pt-002',
      'X-77',
    ]);
    expect(filterRequests(requests, 'MELANOMA', '').map((r) => r.identifier)).toEqual(['pt-002']);
  });

  it('should combine the text with the exact status', () => {
    expect(filterRequests(requests, 'pt', 'accepted').map((r) => r.identifier)).toEqual(['pt-002']);
    expect(filterRequests(requests, '', 'rejected')).toEqual([]);
  });

  it('should capitalise each word of a condition key', () => {
    expect(conditionText('acute_myeloid_leukemia')).toBe('Acute Myeloid Leukemia');
  });
});
