import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLogsForPersonalData } from './setup/global-teardown';
import { findLeaks } from './utils/personal-data';

/**
 * The check that ends every e2e run (global-teardown.ts) against logs made up here: it must
 * name a planted leak, and stay quiet on a clean log.
 */
describe(checkLogsForPersonalData.name, () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'trialflow-log-check-'));
    writeFileSync(
      join(dir, 'personal-data-1.txt'),
      'email\tdr.ada@hospital.example\nname\tAda\nphone\t+4930123456\npassword\tcorrect-horse-9\n',
    );
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('should pass a log of request lines and product addresses only', () => {
    writeFileSync(
      join(dir, 'app-1.log'),
      '{"msg":"request completed","req":{"method":"POST","url":"/api/identity/sign-in"}}\n' +
        '{"msg":"Adapter ready","from":"no-reply@trialflow.local"}\n',
    );
    expect(() => checkLogsForPersonalData(dir)).not.toThrow();
  });

  it('should fail naming each leaked value, its file and line', () => {
    writeFileSync(
      join(dir, 'app-2.log'),
      '{"msg":"ok"}\n{"msg":"Mail","to":"DR.ADA@hospital.example","text":"Dear Ada,"}\n',
    );
    expect(() => checkLogsForPersonalData(dir)).toThrow(
      /email "dr.ada@hospital.example" in app-2.log:2[\s\S]*name "Ada" in app-2.log:2/,
    );
  });

  it('should find phones, passwords and e-mails nobody remembered', () => {
    const leaks = findLeaks(
      [
        {
          file: 'app-1.log',
          text: 'x\n{"phone":"+4930123456","pw":"correct-horse-9","e":"x.y@clinic.example"}',
        },
      ],
      [
        { kind: 'phone', value: '+4930123456' },
        { kind: 'password', value: 'correct-horse-9' },
      ],
    );
    expect(leaks.map((l) => [l.kind, l.value, l.line])).toEqual([
      ['phone', '+4930123456', 2],
      ['password', 'correct-horse-9', 2],
      ['email', 'x.y@clinic.example', 2],
    ]);
  });
});
