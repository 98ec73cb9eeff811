import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  withoutParameters,
} from './database-unavailable';

function withCode(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it('should recognise a refused or reset connection', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNRESET'))).toBe(true);
  });

  it('should recognise a server shutting down, crashed or still starting', () => {
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P02'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
  });

  it("should recognise node-postgres' broken-connection messages", () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('should look inside a TypeORM QueryFailedError and an AggregateError', () => {
    const failed = new QueryFailedError('SELECT 1', [], withCode('57P01'));
    expect(isDatabaseUnavailable(failed)).toBe(true);
    const aggregate = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
  });

  it('should recognise the query runner TypeORM released when its connection broke', () => {
    expect(isDatabaseUnavailable(new QueryRunnerAlreadyReleasedError())).toBe(true);
  });

  it('should not take a fault of the query or the data for an outage', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('x', [], withCode('23505')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe(withoutParameters.name, () => {
  const patient = ['Jane Roe', 'jane@example.org'];

  it('should keep an outage an outage (503) without the query or its parameters', () => {
    for (const cause of [
      new QueryFailedError(
        'INSERT INTO trial_request …',
        patient,
        new Error('Connection terminated unexpectedly'),
      ),
      new QueryFailedError('INSERT …', patient, withCode('57P01')),
      withCode('ECONNRESET'),
    ]) {
      const clean = withoutParameters(cause, 'Creating a trial request');
      expect(clean).toBeInstanceOf(DatabaseUnavailableError);
      expect(isDatabaseUnavailable(clean)).toBe(true);
      expect(JSON.stringify({ ...clean, message: clean.message })).not.toMatch(/Jane|jane@|INSERT/);
    }
  });

  it('should name the SQLSTATE of any other failure and nothing of its parameters', () => {
    const clean = withoutParameters(
      new QueryFailedError('INSERT …', patient, withCode('23505')),
      'Saving a questionnaire',
    );
    expect(clean).not.toBeInstanceOf(DatabaseUnavailableError);
    expect(clean.message).toBe('Saving a questionnaire failed (Postgres error 23505)');
    expect(Object.keys(clean)).toEqual([]);
  });
});
