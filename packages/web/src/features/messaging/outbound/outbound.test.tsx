import type { OutboundMessageDetail } from '@loyalty/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeApi, ok } from '../../../test/fakeApi.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import { messagingApi, pageOf, toast } from '../testing.ts';

const values = {
  'customer.name': 'Sara Al-Harbi',
  'customer.number': 'C100',
  'customer.balance': '12,500',
  'customer.tier': 'Gold',
  'points.expiring': '300',
  'points.expiringAt': '2027-01-15',
  'staff.name': 'Amal Admin',
};
const preview = (recipients: number) =>
  ok({ recipients, sample: { customerNumber: 'C100', fullName: 'Sara Al-Harbi', language: 'ar', values } });
const problem = (status: number, code: string, errors: object[] = []) => ({
  status,
  body: { type: 'about:blank', title: code, status, code, errors },
});
const sendRecord = (over: Partial<OutboundMessageDetail> = {}): OutboundMessageDetail => ({
  id: 9,
  subjectEn: 'Double points',
  subjectAr: 'نقاط مضاعفة',
  bodyEn: 'Dear {{customer.name}}',
  bodyAr: 'عزيزي {{customer.name}}',
  templateId: null,
  audience: { kind: 'FILTER', tierIds: [], segment: null, statuses: ['ACTIVE'] },
  channels: ['APP', 'EMAIL'],
  status: 'SENDING',
  total: 42,
  processed: 21,
  sent: 20,
  skipped: 1,
  failed: 0,
  createdById: 1,
  createdByName: 'Amal Admin',
  createdByNameAr: 'أمل',
  createdAt: '2026-11-01T10:00:00.000Z',
  startedAt: '2026-11-01T10:00:01.000Z',
  finishedAt: null,
  results: [
    { status: 'SENT', reason: null, count: 20 },
    { status: 'SKIPPED', reason: 'NO_EMAIL', count: 1 },
  ],
  ...over,
});

/** The messaging fake API with the screen's own endpoints. */
function outboundApi(answerPreview = () => preview(42)): FakeApi {
  return messagingApi().on({
    'POST /api/admin/outbound-messages/preview': answerPreview,
    'GET /api/admin/outbound-messages': () => ok(pageOf([])),
    'GET /api/admin/tiers': () => ok(pageOf([])),
  });
}

async function fill(label: string, text: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value: text } });
}

const labels = {
  en: ['Subject (English)', 'Message (English)', 'Subject (Arabic)', 'Message (Arabic)'],
  ar: ['الموضوع (بالإنجليزية)', 'الرسالة (بالإنجليزية)', 'الموضوع (بالعربية)', 'الرسالة (بالعربية)'],
};
const texts = [
  'Double points for {{customer.name}}',
  'Dear {{customer.name}}, your balance is {{customer.balance}}.',
  'نقاط مضاعفة',
  'عزيزي {{customer.name}}، رصيدك {{customer.balance}}.',
];

async function writeMessage(lang: 'en' | 'ar' = 'en') {
  for (const [i, label] of labels[lang].entries()) await fill(label, texts[i] as string);
}

async function upload(text: string, name = 'customers.csv') {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([text], name, { type: 'text/csv' })] } });
  });
}

describe('new message (/dashboard/create-message)', () => {
  it('counts the audience before sending, previews the text filled in, then follows the send to its result', async () => {
    const api = outboundApi();
    let polls = 0;
    api.on({
      'POST /api/admin/outbound-messages': () => ({ status: 202, body: sendRecord({ status: 'QUEUED' }) }),
      'GET /api/admin/outbound-messages/9': () => {
        polls += 1;
        return ok(
          polls === 1
            ? sendRecord()
            : sendRecord({ status: 'DONE', processed: 42, sent: 41, finishedAt: '2026-11-01T10:00:09.000Z' }),
        );
      },
    });
    await renderApp('/dashboard/create-message?lang=en');
    expect(await screen.findByText('42')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/outbound-messages/preview')[0]?.body).toEqual({
      audience: { kind: 'FILTER', tierIds: [], segment: null, statuses: ['ACTIVE'] },
    });
    await writeMessage();
    await waitFor(() =>
      expect(screen.getByTestId('preview-en').textContent).toContain(
        'Dear Sara Al-Harbi, your balance is 12,500.',
      ),
    );
    // The name is its own element, marked as data (translate="no").
    const name = screen.getByText('Sara Al-Harbi', { selector: 'bdi' });
    expect(name.getAttribute('translate')).toBe('no');
    expect(name.parentElement?.textContent).toBe('Filled in for Sara Al-Harbi (C100)');

    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send this message now? Recipients: 42.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await toast('Message accepted: sending in the background');
    expect(api.callsTo('POST /api/admin/outbound-messages').map((c) => c.body)).toEqual([
      {
        audience: { kind: 'FILTER', tierIds: [], segment: null, statuses: ['ACTIVE'] },
        channels: ['APP'],
        templateId: null,
        subjectEn: texts[0],
        bodyEn: texts[1],
        subjectAr: texts[2],
        bodyAr: texts[3],
      },
    ]);
    const progress = await screen.findByTestId('send-progress');
    expect(within(progress).getByText('21 of 42 customers done')).toBeTruthy();
    await waitFor(() => expect(within(progress).getByText('42 of 42 customers done')).toBeTruthy(), {
      timeout: 3000,
    });
    expect(within(progress).getByText('Done')).toBeTruthy();
    expect(within(progress).getByText('No e-mail address')).toBeTruthy();
  });

  it('reports each bad line of a CSV by its number, and does not let the message go', async () => {
    const api = outboundApi(() =>
      problem(400, 'CSV_INVALID', [{ path: 'audience.csv.3', message: 'csvUnknownCustomer' }]),
    );
    await renderApp('/dashboard/create-message?lang=en');
    await userEvent.click(await screen.findByText('List of customers (CSV)'));
    await upload('customerNumber\nC100\nnot a number!\n');
    expect(await screen.findByText('Line 3: Not a customer number')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/outbound-messages/preview')).toHaveLength(1); // the audience, before
    await upload('customerNumber\nC100\nC999\n');
    expect(await screen.findByText('Line 3: No customer has this number')).toBeTruthy();
    expect(
      screen.getByText('The CSV file has lines that are not known customer numbers. Nothing was sent.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/admin/outbound-messages/preview').at(-1)?.body).toEqual({
      audience: { kind: 'LIST', csv: 'customerNumber\nC100\nC999\n', fileName: 'customers.csv' },
    });
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when no customer would receive the message', async () => {
    outboundApi(() => problem(409, 'AUDIENCE_EMPTY'));
    await renderApp('/dashboard/create-message?lang=en');
    expect(
      await screen.findByText('No customer would receive this message. Change the recipients.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a send held for approval says so, and shows no progress', async () => {
    const api = outboundApi();
    api.on({
      'POST /api/admin/outbound-messages': () => ({
        status: 202,
        body: { requestId: '12', status: 'PENDING' },
      }),
    });
    await renderApp('/dashboard/create-message?lang=ar');
    expect(await screen.findByText('42')).toBeTruthy();
    await writeMessage('ar');
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/outbound-messages')).toHaveLength(1));
    await toast('تم الإرسال للموافقة');
    expect(screen.queryByTestId('send-progress')).toBeNull();
  });
});
