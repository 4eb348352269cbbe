import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MSG } from '@vm/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfferForm } from './offer-form';

afterEach(cleanup);

function setup(askingPrice = 98_500) {
  const onSubmit = vi.fn();
  render(
    <OfferForm
      askingPrice={askingPrice}
      submitLabel="Submit offer"
      submitting={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  const type = (amount: string) =>
    fireEvent.change(screen.getByLabelText('Offer amount (USD)'), { target: { value: amount } });
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Submit offer' }));
  return { onSubmit, type, send };
}

describe('OfferForm (issue #20)', () => {
  it('ISSUE-20-ABOVE-ASKING an offer above the asking price asks the buyer to confirm before it is sent', async () => {
    const { onSubmit, type, send } = setup();
    type('985000');
    send();
    expect(
      await screen.findByText(
        (_, el) => el?.id === 'offer-above-asking' && /above the asking price/.test(el.textContent ?? ''),
      ),
    ).toBeTruthy();
    expect(screen.getByText('$985,000')).toBeTruthy();
    expect(screen.getByText('$98,500')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Change amount goes back to the form with the amount kept.
    fireEvent.click(screen.getByRole('button', { name: 'Change amount' }));
    const box = (await screen.findByLabelText('Offer amount (USD)')) as HTMLInputElement;
    expect(box.value).toBe('985000');
    send();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, offer $985,000' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ amount: 985_000 }));
  });

  it('ISSUE-20-ABOVE-ASKING an offer at or below the asking price, or on a price on request, is sent at once', async () => {
    const { onSubmit, type, send } = setup();
    type('98500');
    send();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ amount: 98_500 })));
    cleanup();
    const onRequest = setup(0);
    onRequest.type('250000');
    onRequest.send();
    await waitFor(() => expect(onRequest.onSubmit).toHaveBeenCalled());
  });

  it('ISSUE-20-CENTS ISSUE-20-CAP refuses a sub-cent amount and one above $100,000,000 with the server messages', async () => {
    const { onSubmit, type, send } = setup();
    type('1000.001');
    send();
    expect(await screen.findByText(MSG.offerAmountWholeCents)).toBeTruthy();
    type('99999999999');
    send();
    expect(await screen.findByText(MSG.offerAmountTooLarge)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
