// Medical files of issue 12 in a real browser against `npm start` (local disk storage): an HCP
// opens a trial request's details, uploads a PDF and a PNG in the Upload Files modal and sees
// them in the Medical Files section; a clinops user of the request's site sees both files and
// downloads them as one zip (checked entry by entry); the HCP deletes one; an executable disguised
// as a PDF is refused in the modal. Screenshots in test-results/smoke/files-*.png.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { createUser, fullShot, logIn, waitForTrials, watchErrors } from './search-journey.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const USER_CREATE = join(root, 'api', 'dist', 'api', 'src', 'cli', 'user-create.js');
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const CLINOPS_TITLE = 'Manage patient referrals for your trials.';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Histology report\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);

async function query(pgUrl, text, values) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function filesJourney({ browser, url, pgUrl, shots, check, expect }) {
  const stamp = Date.now();
  const hcp = {
    email: `dr.files.${stamp}@hospital.example`,
    password: 'files-Journey-1',
    firstName: 'Nora',
  };
  const clinops = {
    email: `site.files.${stamp}@site.example`,
    password: 'files-Site-1',
    firstName: 'Tomás',
  };
  const state = { requestId: null, nctId: null };

  await check('files: a trial request of an HCP to a site with a clinops user', async () => {
    await waitForTrials(url, pgUrl, 0, 180_000);
    createUser(pgUrl, hcp);
    const [site] = await query(
      pgUrl,
      `SELECT t.nct_id, s.facility_id, s.facility_name FROM site s JOIN trial t ON t.id = s.trial_id
        ORDER BY t.nct_id, s.id LIMIT 1`,
    );
    execFileSync(
      process.execPath,
      [
        USER_CREATE,
        '--email',
        clinops.email,
        '--first-name',
        clinops.firstName,
        '--last-name',
        'Site',
        '--password',
        clinops.password,
        '--clinops',
        '--facility',
        String(site.facility_id),
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: pgUrl }, stdio: 'pipe' },
    );
    const [user] = await query(pgUrl, 'SELECT id FROM app_user WHERE email = $1', [hcp.email]);
    const [request] = await query(
      pgUrl,
      `INSERT INTO trial_request (user_id, identifier, nct_id, trial_name, condition, questionnaire,
         facility_id, facility_name, email)
       VALUES ($1, $2, $3, 'Smoke trial', 'lung_cancer', $4, $5, $6, $7) RETURNING id`,
      [
        user.id,
        `PF-${String(stamp).slice(-6)}`,
        site.nct_id,
        JSON.stringify({ type_of_disease: 'lung_cancer', age: 61, gender: 'female' }),
        site.facility_id,
        site.facility_name,
        hcp.email,
      ],
    );
    state.requestId = request.id;
    state.nctId = site.nct_id;
  });

  const hcpContext = await browser.newContext({ ...DESKTOP, acceptDownloads: true });
  const hcpPage = await hcpContext.newPage();
  const hcpErrors = watchErrors(hcpPage);
  const clinopsContext = await browser.newContext({ ...DESKTOP, acceptDownloads: true });
  const clinopsPage = await clinopsContext.newPage();
  const clinopsErrors = watchErrors(clinopsPage);
  const shot = (page, name) => fullShot(page, join(shots, `${name}.png`));
  // The details' aside scrolls on its own: a picture of the section itself shows every file.
  const sectionShot = async (page, name) => {
    const section = page.getByTestId('medical-files');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(shots, `${name}.png`) });
  };

  try {
    await check('files (hcp): uploads a PDF and a PNG in the Upload Files modal', async () => {
      await logIn(hcpPage, url, hcp);
      await hcpPage.goto(`${url}/details/${state.nctId}?requestID=${state.requestId}`);
      const section = hcpPage.getByTestId('medical-files');
      await section.waitFor({ timeout: 20_000 });
      await section.getByText('No files yet.').waitFor();
      await section.getByRole('button', { name: 'Upload Files' }).click();
      const dialog = hcpPage.getByRole('dialog', { name: 'Upload Files' });
      await dialog.waitFor();
      await dialog.getByText('Select and upload relevant patient medical files').waitFor();
      await dialog.getByLabel('Choose files').setInputFiles([
        { name: 'histology-report.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'ct-scan.png', mimeType: 'image/png', buffer: PNG },
      ]);
      await dialog.locator('li[data-state="success"]').nth(1).waitFor({ timeout: 20_000 });
      // A disguised executable is refused by the API and shown as failed.
      await dialog
        .getByLabel('Choose files')
        .setInputFiles([{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE }]);
      const failed = dialog.locator('li[data-state="error"]');
      await failed.waitFor({ timeout: 20_000 });
      expect(
        (await failed.textContent()).includes('Upload Failed'),
        `the refused file does not say Upload Failed: ${await failed.textContent()}`,
      );
      await shot(hcpPage, 'files-upload-modal');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await section.getByText('histology-report.pdf').waitFor({ timeout: 10_000 });
      await section.getByText('ct-scan.png').waitFor();
      expect(!(await section.getByText('invoice.pdf').isVisible()), 'the refused file is listed');
      await sectionShot(hcpPage, 'files-hcp-section');
    });

    await check('files (clinops): sees both files and downloads them as one zip', async () => {
      await clinopsPage.goto(`${url}/login`);
      await clinopsPage
        .locator('#prerendered-shell')
        .waitFor({ state: 'detached', timeout: 15_000 });
      await clinopsPage.getByLabel('E-mail address').fill(clinops.email);
      await clinopsPage.getByLabel('Password', { exact: true }).fill(clinops.password);
      await clinopsPage.getByLabel('Password', { exact: true }).press('Enter');
      await clinopsPage.getByRole('heading', { name: CLINOPS_TITLE }).waitFor({ timeout: 20_000 });
      await clinopsPage.goto(`${url}/details/clinops/${state.nctId}?id=${state.requestId}`);
      const section = clinopsPage.getByTestId('medical-files');
      await section.getByText('histology-report.pdf').waitFor({ timeout: 20_000 });
      await section.getByText('ct-scan.png').waitFor();
      const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date());
      const text = await section.textContent();
      expect(text.includes(`1 KB · ${today}`), `size and en-GB date not shown: ${text}`);
      const [download] = await Promise.all([
        clinopsPage.waitForEvent('download'),
        section.getByRole('button', { name: 'Download all' }).click(),
      ]);
      expect(
        /^medical-files-\d{4}-\d{2}-\d{2}T[\d-]+Z\.zip$/.test(download.suggestedFilename()),
        `zip name: ${download.suggestedFilename()}`,
      );
      const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
      expect(
        Object.keys(zip).sort().join(',') === 'ct-scan.png,histology-report.pdf',
        `zip entries: ${Object.keys(zip).join(',')}`,
      );
      expect(Buffer.from(zip['histology-report.pdf']).equals(PDF), 'the PDF in the zip differs');
      expect(Buffer.from(zip['ct-scan.png']).equals(PNG), 'the PNG in the zip differs');
      await sectionShot(clinopsPage, 'files-clinops-section');
    });

    await check('files (hcp): deletes one file; clinops sees only the other', async () => {
      const section = hcpPage.getByTestId('medical-files');
      await section.getByRole('button', { name: 'Delete ct-scan.png' }).click();
      await section.getByText('ct-scan.png').waitFor({ state: 'detached', timeout: 10_000 });
      await clinopsPage.reload();
      const other = clinopsPage.getByTestId('medical-files');
      await other.getByText('histology-report.pdf').waitFor({ timeout: 20_000 });
      expect((await other.getByText('ct-scan.png').count()) === 0, 'the deleted file is listed');
      await sectionShot(hcpPage, 'files-after-delete');
      const rows = await query(pgUrl, 'SELECT action FROM audit_log WHERE request_id = $1', [
        state.requestId,
      ]);
      const actions = new Set(rows.map((r) => r.action));
      for (const action of ['file.upload', 'file.list', 'file.download_all', 'file.delete']) {
        expect(actions.has(action), `no ${action} in the audit log`);
      }
      const errors = [...hcpErrors, ...clinopsErrors].filter((e) => !/status of 400/.test(e));
      expect(errors.length === 0, `browser errors: ${errors.join(' | ')}`);
    });
  } finally {
    await hcpContext.close();
    await clinopsContext.close();
  }
}
