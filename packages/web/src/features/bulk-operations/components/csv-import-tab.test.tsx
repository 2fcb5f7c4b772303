import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import type { BulkImportCsvResult } from '@provisor/server/contract';

const pathOf = (r: RecordedRequest) => new URL(r.url, 'http://console.test').pathname;
const bodyOf = (r: RecordedRequest) => JSON.parse(String(r.body)) as unknown;

const TEMPLATES = [
  { id: 'tpl-1', name: 'Residential', vendor: 'Huawei', model: 'EG8145V5' },
  { id: 'tpl-2', name: 'Office', vendor: 'ZTE', model: 'F660' },
];

const ANSWER: BulkImportCsvResult = {
  results: [
    {
      line: 2,
      success: true,
      surname: 'Horvat',
      ssid: 'GT_Horvat',
      serialNumber: 'SN1',
      password: 'Secret-Pass1',
      profileId: 'p1',
      profileName: 'Korisnik-Horvat',
    },
    {
      line: 3,
      success: false,
      error: 'Surname is empty',
      surname: '',
      ssid: '',
      serialNumber: '=HYPERLINK()',
    },
  ],
  successful: 1,
  failed: 1,
};

function serve(importCsv: (r: RecordedRequest) => Response | Promise<Response>) {
  return stubFetch((r) => {
    const path = pathOf(r);
    if (path === '/api/templates')
      return jsonResponse(200, { templates: TEMPLATES, total: 2, limit: 100, offset: 0 });
    if (path === '/api/profiles/bulk-import-csv') return importCsv(r);
    return jsonResponse(404, { error: 'Not found', message: path });
  });
}

const importCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.requests.filter((r) => pathOf(r) === '/api/profiles/bulk-import-csv');

/** Captures what the screen hands the browser to download: file names and texts. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:download';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, text: async (i: number) => (await blobs[i]!.text()).replace(/^\uFEFF/, '') };
}

async function openDialog() {
  const user = userEvent.setup();
  renderApp(['/bulk-operations']);
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Customers from CSV' });
  // The templates arrive after the dialog opens.
  await within(dialog).findByRole('option', { name: 'Residential (Huawei EG8145V5)' });
  return { user, dialog };
}

describe('Bulk Operations: CSV Import tab', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('says "Please select a template" and "Please provide CSV data", sending nothing', async () => {
    const fetch = serve(() => jsonResponse(500));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('Please select a template')).toBeInTheDocument();
    expect(within(dialog).getByText('Please provide CSV data')).toBeInTheDocument();
    expect(importCalls(fetch)).toHaveLength(0);
    expect(within(dialog).getByRole('checkbox', { name: /Auto-generate passwords/ })).toBeChecked();
  });

  it("shows the file's problem in the spec's words and does not send it", async () => {
    const fetch = serve(() => jsonResponse(500));
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), 'tpl-1');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'CSV data' }),
      'name,password{enter}Horvat,x',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'CSV must contain "surname" or "prezime" column',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(importCalls(fetch)).toHaveLength(0);
  });

  it('previews 5 rows of a pasted list, marking bad rows and generated passwords', async () => {
    serve(() => jsonResponse(500));
    const { user, dialog } = await openDialog();
    const lines = [
      'surname,password,sn',
      'Horvat,GoodPass2024,SN1',
      ',x,SN2',
      'Novak,,SN3',
      'A,,',
      'B,,',
      'C,,',
      'D,,',
    ];
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'CSV data' }), {
      target: { value: lines.join('\n') },
    });
    expect(within(dialog).getByTestId('preview-summary')).toHaveTextContent(
      'Preview (5 of 7 customers) · 1 row will not import',
    );
    const rows = within(within(dialog).getByRole('table', { name: 'Preview' })).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(rows[1]).toHaveTextContent('GT_Horvat');
    expect(rows[1]).toHaveTextContent('Good****');
    expect(rows[1]).not.toHaveTextContent('GoodPass2024');
    expect(rows[3]).toHaveTextContent('generated');
    expect(within(dialog).getByText(/Surname/, { selector: 'p' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Auto-generate passwords/ }));
    expect(within(dialog).getByTestId('preview-summary')).toHaveTextContent('6 rows will not import');
  });

  it('takes a picked .csv file into the text, and refuses a dropped non-CSV saying why', async () => {
    serve(() => jsonResponse(500));
    const { user, dialog } = await openDialog();
    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker).toHaveAttribute('accept', '.csv');
    await user.upload(picker, new File(['surname\nHorvat\n'], 'list.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'CSV data' })).toHaveValue('surname\nHorvat\n'),
    );

    const dropZone = within(dialog).getByTestId('csv-drop-zone');
    fireEvent.drop(dropZone, {
      dataTransfer: { files: [new File(['x'], 'list.xlsx', { type: 'application/vnd.ms-excel' })] },
    });
    expect(await within(dialog).findByText(/Only CSV files can be dropped here/)).toBeInTheDocument();
    // What was loaded before stays.
    expect(within(dialog).getByRole('textbox', { name: 'CSV data' })).toHaveValue('surname\nHorvat\n');

    fireEvent.drop(dropZone, {
      dataTransfer: { files: [new File(['prezime\nNovak\n'], 'b.csv', { type: 'text/csv' })] },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'CSV data' })).toHaveValue('prezime\nNovak\n'),
    );
  });

  it('says "Failed to read file" when the picked file cannot be read', async () => {
    serve(() => jsonResponse(500));
    const { user, dialog } = await openDialog();
    const file = new File(['x'], 'broken.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.reject(new Error('NotReadableError')) });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(await within(dialog).findByText(/^Failed to read file/)).toBeInTheDocument();
  });

  it('imports, shows "Successfully imported N profiles" and the results; Download Results writes them safely', async () => {
    const fetch = serve(() => jsonResponse(200, ANSWER));
    const downloads = captureDownloads();
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), 'tpl-2');
    const csv = 'surname,password,sn\nHorvat,,SN1\n,x,=HYPERLINK()\n';
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'CSV data' }), { target: { value: csv } });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(importCalls(fetch)[0]!)).toEqual({
      csvData: csv,
      templateId: 'tpl-2',
      generatePasswords: true,
    });
    const tab = screen.getByRole('region', { name: 'CSV Import' });
    expect(within(tab).getByRole('status')).toHaveTextContent('Successfully imported 1 profiles');
    expect(screen.getByTestId('import-summary')).toHaveTextContent(
      'Import completed: 1 successful, 1 failed',
    );
    const results = screen.getByRole('table', { name: 'Import results' });
    expect(within(results).getAllByRole('row')).toHaveLength(3);
    expect(results).toHaveTextContent('Surname is empty');
    expect(results).not.toHaveTextContent('Secret-Pass1');

    await user.click(screen.getByRole('button', { name: 'Download Results' }));
    expect(downloads.names[0]).toMatch(/^customer-import-results-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await downloads.text(0)).split('\r\n')).toEqual([
      'line,surname,ssid,password,serial_number,status,error,profile_name,profile_id',
      '2,Horvat,GT_Horvat,Secret-Pass1,SN1,success,,Korisnik-Horvat,p1',
      "3,,,,'=HYPERLINK(),failed,Surname is empty,,",
      '',
    ]);
  });

  it("a refused import keeps the dialog and what was typed, showing the server's message", async () => {
    const answer = deferred<Response>();
    serve(() => answer.promise);
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), 'tpl-1');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'CSV data' }), {
      target: { value: 'surname\nHorvat\n' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('button', { name: 'Importing...' })).toBeDisabled();
    answer.resolve(
      jsonResponse(404, { error: 'Template not found', message: 'No template tpl-1; choose another.' }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Template not found');
    expect(alert).toHaveTextContent('No template tpl-1; choose another.');
    expect(within(dialog).getByRole('textbox', { name: 'CSV data' })).toHaveValue('surname\nHorvat\n');
    expect(within(dialog).getByRole('combobox', { name: 'Template' })).toHaveValue('tpl-1');
  });

  it('a dialog closed and opened again keeps the template and text; after an import it starts afresh', async () => {
    serve(() => jsonResponse(200, ANSWER));
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), 'tpl-2');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'CSV data' }), {
      target: { value: 'surname\nHorvat\n' },
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    let again = await screen.findByRole('dialog', { name: 'Import Customers from CSV' });
    expect(within(again).getByRole('combobox', { name: 'Template' })).toHaveValue('tpl-2');
    expect(within(again).getByRole('textbox', { name: 'CSV data' })).toHaveValue('surname\nHorvat\n');
    await user.click(within(again).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    again = await screen.findByRole('dialog', { name: 'Import Customers from CSV' });
    expect(within(again).getByRole('textbox', { name: 'CSV data' })).toHaveValue('');
  });

  it('says "Import failed" when the server gives no message', async () => {
    serve(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), 'tpl-1');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'CSV data' }), {
      target: { value: 'surname\nHorvat\n' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Import failed/);
  });

  it('Download Template hands over the customer list template', async () => {
    serve(() => jsonResponse(500));
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderApp(['/bulk-operations']);
    await user.click(await screen.findByRole('button', { name: 'Download Template' }, { timeout: 5000 }));
    expect(downloads.names).toEqual(['customer-import-template.csv']);
    expect((await downloads.text(0)).split('\n')[0]).toBe('surname,password,serial_number');
  });
});
