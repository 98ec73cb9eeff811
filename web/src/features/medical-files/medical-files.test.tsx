import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteFile, downloadAllFiles, downloadFile, listFiles } from '@/api/sdk.gen';
import type { MedicalFileResponseDto } from '@/api/types.gen';
import { ModalHost } from '@/components/ui/modal-host';
import { createTestConfig, renderWithApp, TEST_HCP } from '@/testing/render';
import { UploadError, uploadFile } from './api/upload-file';
import { MedicalFilesSection } from './components/medical-files-section';
import { UploadFilesModal } from './components/upload-files-modal';
import { fileDate, selectionProblem, sizeInKb } from './file-rules';
import { UPLOAD_FILES_MODAL } from './modal-types';
import { registerModal } from '@/components/ui/modal-host';

configure({ asyncUtilTimeout: 8000 });

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  listFiles: vi.fn(),
  deleteFile: vi.fn(),
  downloadFile: vi.fn(),
  downloadAllFiles: vi.fn(),
}));

vi.mock('./api/upload-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api/upload-file')>()),
  uploadFile: vi.fn(),
}));

const REQUEST_ID = '7d3c1e0a-2b4f-4c6d-9e8f-0a1b2c3d4e5f';

/** One controllable upload per call: the test moves its progress and decides how it ends. */
interface FakeUpload {
  file: File;
  progress: (fraction: number) => void;
  resolve: (stored: MedicalFileResponseDto) => void;
  reject: (error: Error) => void;
}

let uploads: FakeUpload[];

function stored(name: string, overrides: Partial<MedicalFileResponseDto> = {}) {
  return {
    id: `id-${name}`,
    name,
    size: 2048,
    kind: 'pdf',
    contentType: 'application/pdf',
    timestamp: '2026-11-23T18:04:11.512Z',
    ...overrides,
  };
}

const pdf = (name = 'report.pdf', size = 2000): File =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function renderModal(config = createTestConfig(), language: 'en' | 'es' | 'de' = 'en') {
  const onClose = vi.fn();
  const utils = renderWithApp(
    <UploadFilesModal requestId={REQUEST_ID} titleId="upload-title" onClose={onClose} />,
    { user: TEST_HCP, config, language },
  );
  return { ...utils, onClose };
}

const item = (name: string): HTMLElement => {
  const list = screen.getByRole('list', { name: /files to upload|archivos para subir/i });
  const entry = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name));
  if (!entry) {
    throw new Error(`no item ${name}`);
  }
  return entry;
};

beforeEach(() => {
  uploads = [];
  vi.mocked(uploadFile).mockReset();
  vi.mocked(uploadFile).mockImplementation((_requestId, file, onProgress) => {
    let resolve!: (v: MedicalFileResponseDto[]) => void;
    let reject!: (e: Error) => void;
    const done = new Promise<MedicalFileResponseDto[]>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    uploads.push({
      file,
      progress: onProgress,
      resolve: (s) => resolve([s]),
      reject,
    });
    return { done, abort: vi.fn() };
  });
  vi.mocked(deleteFile).mockReset();
  vi.mocked(listFiles).mockReset();
  vi.mocked(downloadFile).mockReset();
  vi.mocked(downloadAllFiles).mockReset();
});

describe('file rules', () => {
  it('should round sizes up to whole KB and write dates in the en-GB long form', () => {
    expect([0, 1, 1024, 1025, 2_000_000].map(sizeInKb)).toEqual([0, 1, 1, 2, 1954]);
    expect(fileDate('2026-11-23T18:04:11.512Z')).toBe('23 November 2026');
  });

  it('should check the whole selection against the limits', () => {
    const limits = { maxFiles: 10, maxUploadBytes: 5000 };
    expect(selectionProblem([], [], limits)).toBe('required');
    expect(selectionProblem([pdf('a', 10)], Array(10).fill(pdf('b', 10)), limits)).toBe(
      'tooManyFiles',
    );
    expect(selectionProblem([pdf('a', 3000)], [pdf('b', 2001)], limits)).toBe('tooLarge');
    expect(selectionProblem([pdf('a', 3000)], [pdf('b', 2000)], limits)).toBeNull();
  });
});

describe(UploadFilesModal.name, () => {
  it('should move each file from pending to uploading to success or error, one at a time', async () => {
    renderModal();
    expect(screen.getByRole('heading', { name: 'Upload Files' })).toBeInTheDocument();
    expect(
      screen.getByText('Select and upload relevant patient medical files'),
    ).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Choose files'), [
      pdf('first.pdf'),
      pdf('second.pdf'),
    ]);
    await waitFor(() => expect(item('first.pdf')).toHaveAttribute('data-state', 'uploading'));
    expect(item('second.pdf')).toHaveAttribute('data-state', 'pending');
    expect(within(item('second.pdf')).getByText('Waiting')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);

    act(() => uploads[0].progress(0.5));
    expect(within(item('first.pdf')).getByText('Uploading 50%')).toBeInTheDocument();
    expect(within(item('first.pdf')).getByRole('progressbar')).toHaveAttribute('value', '50');

    act(() => uploads[0].resolve(stored('first.pdf')));
    await waitFor(() => expect(item('first.pdf')).toHaveAttribute('data-state', 'success'));
    expect(within(item('first.pdf')).getByText('Uploaded')).toBeInTheDocument();
    await waitFor(() => expect(item('second.pdf')).toHaveAttribute('data-state', 'uploading'));
    expect(uploads).toHaveLength(2);
    expect(uploads[1].file.name).toBe('second.pdf');

    act(() =>
      uploads[1].reject(
        new UploadError(
          400,
          'second.pdf: only DOC, DOCX, JPG, PDF, PNG, TXT, XLS and XLSX files are accepted',
        ),
      ),
    );
    await waitFor(() => expect(item('second.pdf')).toHaveAttribute('data-state', 'error'));
    expect(within(item('second.pdf')).getByText('Upload Failed')).toBeInTheDocument();
    expect(within(item('second.pdf')).getByRole('alert')).toHaveTextContent(
      'Error: second.pdf: only DOC, DOCX, JPG, PDF, PNG, TXT, XLS and XLSX files are accepted',
    );
    // Only an uploaded file offers Delete.
    expect(
      within(item('first.pdf')).getByRole('button', { name: 'Delete first.pdf' }),
    ).toBeVisible();
    expect(within(item('second.pdf')).queryByRole('button')).toBeNull();
  });

  it('should say "Error while uploading" when the network or the server fails', async () => {
    renderModal();
    await userEvent.upload(screen.getByLabelText('Choose files'), [pdf('a.pdf')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0].reject(new UploadError(503, 'File storage is unavailable')));
    await waitFor(() => expect(item('a.pdf')).toHaveAttribute('data-state', 'error'));
    expect(within(item('a.pdf')).getByRole('alert')).toHaveTextContent(
      'Error: Error while uploading',
    );
  });

  it('should ask to wait when uploads are rate-limited (429)', async () => {
    renderModal();
    await userEvent.upload(screen.getByLabelText('Choose files'), [pdf('a.pdf')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() =>
      uploads[0].reject(new UploadError(429, 'Too many requests, please try again later.')),
    );
    await waitFor(() => expect(item('a.pdf')).toHaveAttribute('data-state', 'error'));
    expect(within(item('a.pdf')).getByRole('alert')).toHaveTextContent(
      'Error: Too many requests from your connection. Please wait a minute and try again.',
    );
  });

  it('should delete an uploaded file: deleting, then gone; back to success when it fails', async () => {
    renderModal();
    await userEvent.upload(screen.getByLabelText('Choose files'), [pdf('a.pdf'), pdf('b.pdf')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0].resolve(stored('a.pdf')));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1].resolve(stored('b.pdf')));
    await waitFor(() => expect(item('b.pdf')).toHaveAttribute('data-state', 'success'));

    let finish!: () => void;
    vi.mocked(deleteFile).mockImplementationOnce(
      () => new Promise((resolve) => (finish = () => resolve({} as never))),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete a.pdf' }));
    expect(item('a.pdf')).toHaveAttribute('data-state', 'deleting');
    expect(vi.mocked(deleteFile)).toHaveBeenCalledWith(
      expect.objectContaining({ path: { requestId: REQUEST_ID, fileId: 'id-a.pdf' } }),
    );
    act(() => finish());
    await waitFor(() => expect(screen.queryByText('a.pdf')).toBeNull());

    vi.mocked(deleteFile).mockRejectedValueOnce(new Error('500'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete b.pdf' }));
    await waitFor(() =>
      expect(within(item('b.pdf')).getByRole('alert')).toHaveTextContent('Error while deleting'),
    );
    expect(item('b.pdf')).toHaveAttribute('data-state', 'success');
  });

  it('should refuse an eleventh file and a total over the limit, uploading none of them', async () => {
    renderModal(
      createTestConfig({ files: { maxFiles: 10, maxUploadBytes: 100_000_000, acceptedTypes: [] } }),
    );
    const eleven = Array.from({ length: 11 }, (_, i) => pdf(`p${i}.pdf`, 10));
    await userEvent.upload(screen.getByLabelText('Choose files'), eleven);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error- Max files limit reached with 10 files uploaded',
    );
    const big = new File([new Uint8Array(1)], 'scan.pdf');
    Object.defineProperty(big, 'size', { value: 100_000_001 });
    await userEvent.upload(screen.getByLabelText('Choose files'), [big]);
    expect(screen.getByRole('alert')).toHaveTextContent('Error- File(s) exceeds 100 MB size limit');
    expect(uploadFile).not.toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull();
  });

  it('should ask for a file when Done is pressed with none, and close on Done afterwards', async () => {
    const { onClose } = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a file');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should take files dropped on the zone', async () => {
    renderModal();
    const zone = screen.getByTestId('upload-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone).toHaveClass('upload-files__zone--active');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0].file.name).toBe('dropped.pdf');
    expect(item('dropped.pdf')).toHaveAttribute('data-state', 'uploading');
  });

  it('should speak Spanish and German', async () => {
    renderModal(createTestConfig(), 'es');
    expect(screen.getByRole('heading', { name: 'Subir archivos' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Listo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elija un archivo');
    await userEvent.upload(screen.getByLabelText('Elegir archivos'), [pdf('a.pdf')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0].reject(new UploadError(0, '')));
    await waitFor(() =>
      expect(
        within(item('a.pdf')).getByText('Error al subir', { selector: '.upload-files__status' }),
      ).toBeInTheDocument(),
    );
  });
});

describe(MedicalFilesSection.name, () => {
  beforeEach(() => {
    registerModal(UPLOAD_FILES_MODAL, UploadFilesModal);
    vi.mocked(listFiles).mockResolvedValue({
      data: [
        stored('pathology.pdf', { size: 1025 }),
        stored('ct.png', { id: 'id-ct', size: 4096, timestamp: '2026-03-01T09:00:00.000Z' }),
      ],
      request: new Request('http://x'),
      response: new Response(),
    });
  });

  function renderSection(language: 'en' | 'de' = 'en') {
    return renderWithApp(
      <>
        <MedicalFilesSection requestId={REQUEST_ID} />
        <ModalHost />
      </>,
      { user: TEST_HCP, language },
    );
  }

  it('should list each file with its size in KB rounded up and its en-GB long date', async () => {
    renderSection('de');
    const list = await screen.findByRole('list', { name: 'Medizinische Unterlagen' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('pathology.pdf2 KB · 23 November 2026'),
      expect.stringContaining('ct.png4 KB · 1 March 2026'),
    ]);
  });

  it('should delete a file and reload the list', async () => {
    vi.mocked(deleteFile).mockResolvedValue({} as never);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete ct.png' }));
    expect(vi.mocked(deleteFile)).toHaveBeenCalledWith(
      expect.objectContaining({ path: { requestId: REQUEST_ID, fileId: 'id-ct' } }),
    );
    await waitFor(() => expect(vi.mocked(listFiles)).toHaveBeenCalledTimes(2));
  });

  it('should say "Error while downloading" and "Error while deleting" when those fail', async () => {
    vi.mocked(downloadFile).mockRejectedValue(new Error('503'));
    vi.mocked(downloadAllFiles).mockRejectedValue(new Error('503'));
    vi.mocked(deleteFile).mockRejectedValue(new Error('503'));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Download pathology.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error while downloading');
    await userEvent.click(screen.getByRole('button', { name: 'Download all' }));
    expect(vi.mocked(downloadAllFiles)).toHaveBeenCalledWith(
      expect.objectContaining({ path: { requestId: REQUEST_ID } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete pathology.pdf' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Error while deleting'),
    );
  });

  it('should open the Upload Files modal for this request', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Files' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Files' })).toBeInTheDocument();
  });
});
