import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../lib/test-fixtures';
import { renderAt, stubFetch } from '../storefront-test-utils';
import { ContactPage } from './contact-page';

const VALID = {
  fullName: 'Ada Driver',
  email: 'ada@example.com',
  phone: '+1 (555) 010-2030',
  subject: 'Test drive',
  message: 'Could I see the Datsun on Saturday?',
};
const LABELS: Record<keyof typeof VALID, string> = {
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  subject: 'Subject',
  message: 'Message',
};

const field = (name: keyof typeof VALID) => screen.getByLabelText(LABELS[name], { exact: true }) as HTMLInputElement;
const type = (name: keyof typeof VALID, value: string) => fireEvent.change(field(name), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
const fillValid = () => {
  for (const [name, value] of Object.entries(VALID)) type(name as keyof typeof VALID, value);
};
const renderContact = () => renderAt(<ContactPage />, { path: '/contact', routePath: '/contact' });
const submits = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === '/api/contact/submit');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContactPage', () => {
  it('CONTACT-01 CONTACT-04 VALID: an invalid form is not sent and every field shows its error', async () => {
    const calls = stubFetch(() => undefined);
    renderContact();
    send();
    for (const message of [
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Subject is required',
      'Message is required',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    type('email', 'nope');
    type('phone', '0123');
    type('message', 'short');
    send();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Message must be at least 10 characters long')).toBeTruthy();
    expect(submits(calls)).toEqual([]);
  });

  it('clears a field error as soon as the field is edited', async () => {
    stubFetch(() => undefined);
    renderContact();
    send();
    await screen.findByText('Full name is required');
    type('fullName', 'A');
    expect(screen.queryByText('Full name is required')).toBeNull();
    expect(screen.getByText('Email is required')).toBeTruthy();
  });

  it('CONTACT-02 counts the message length out of 2000 and stops at 2000', () => {
    stubFetch(() => undefined);
    renderContact();
    expect(screen.getByText('0/2000')).toBeTruthy();
    type('message', 'Hello there');
    expect(screen.getByText('11/2000')).toBeTruthy();
    expect(field('message').getAttribute('maxlength')).toBe('2000');
  });

  it('CONTACT-03 CONTACT-05 ERR-57 sends the JSON object, shows the success message and clears every field', async () => {
    const calls = stubFetch(({ url }) =>
      url.pathname === '/api/contact/submit' ? jsonResponse(201, { success: true, message: 'ok' }) : undefined,
    );
    renderContact();
    fillValid();
    send();
    expect(await screen.findByText('Message Sent Successfully!')).toBeTruthy();
    expect(screen.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeTruthy();
    expect(submits(calls)).toHaveLength(1);
    expect(calls.find((c) => c.url.pathname === '/api/contact/submit')).toMatchObject({
      method: 'POST',
      body: VALID,
    });
    for (const name of Object.keys(VALID)) expect(field(name as keyof typeof VALID).value).toBe('');
    expect(screen.getByText('0/2000')).toBeTruthy();
  });

  it('CONTACT-06 ERR-58 shows the failure message and keeps what was typed; server field errors land on the field', async () => {
    let answer = jsonResponse(500, { message: 'Database down' });
    stubFetch(({ url }) => (url.pathname === '/api/contact/submit' ? answer : undefined));
    renderContact();
    fillValid();
    send();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Sending Message')).toBeTruthy();
    expect(within(alert).getByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(field('fullName').value).toBe('Ada Driver');

    answer = jsonResponse(400, {
      message: 'Please enter a valid phone number',
      errors: [{ field: 'phone', message: 'Please enter a valid phone number' }],
    });
    send();
    await waitFor(() => expect(screen.getByText('Please enter a valid phone number')).toBeTruthy());
  });

  it('CONTACT-07..11 shows the company phone, email, address and hours per day, "Closed" on Sunday', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/settings/public'
        ? jsonResponse(200, {
            company: { name: 'Classic Imports', address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301' },
            contact: { phone: '+1 555 0100', email: 'hi@classic.example' },
          })
        : undefined,
    );
    renderContact();
    expect(await screen.findByText('+1 555 0100')).toBeTruthy();
    expect(screen.getByText('hi@classic.example')).toBeTruthy();
    expect(screen.getByText('1 Main St, Austin, TX 73301')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Monday9:00 AM – 6:00 PM',
      'Tuesday9:00 AM – 6:00 PM',
      'Wednesday9:00 AM – 6:00 PM',
      'Thursday9:00 AM – 6:00 PM',
      'Friday9:00 AM – 6:00 PM',
      'Saturday10:00 AM – 4:00 PM',
      'SundayClosed',
    ]);
  });
});
