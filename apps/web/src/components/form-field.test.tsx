import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { formFieldProps, PasswordField, SelectField, TextAreaField, TextField } from './form-field';

afterEach(cleanup);

describe('form fields', () => {
  it('label their control, show the hint, and forward the ref to the control', () => {
    const input = createRef<HTMLInputElement>();
    const area = createRef<HTMLTextAreaElement>();
    const select = createRef<HTMLSelectElement>();
    render(
      <>
        <TextField label="Email" hint="We never share it" ref={input} />
        <TextAreaField label="Notes" id="notes" ref={area} />
        <SelectField label="Make" ref={select}>
          <option>Datsun</option>
        </SelectField>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(input.current);
    expect(screen.getByText('We never share it')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBe(area.current);
    expect(area.current?.id).toBe('notes');
    expect(screen.getByRole('combobox', { name: 'Make' })).toBe(select.current);
    expect(input.current?.getAttribute('aria-invalid')).toBeNull();
  });

  it('mark an invalid control and describe it with its error, which replaces the hint', () => {
    render(
      <>
        <TextField label="Email" hint="We never share it" error="Email is required" />
        <TextAreaField label="Notes" error="Notes are too long" />
        <SelectField label="Make" error="Make is required">
          <option>Datsun</option>
        </SelectField>
      </>,
    );
    const email = screen.getByRole('textbox', { name: 'Email', description: 'Email is required' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('We never share it')).toBeNull();
    const notes = screen.getByRole('textbox', { name: 'Notes', description: 'Notes are too long' });
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    const make = screen.getByRole('combobox', { name: 'Make', description: 'Make is required' });
    expect(make.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Email is required',
      'Notes are too long',
      'Make is required',
    ]);
  });
});

const schema = z.object({ name: z.string().min(1, 'Name is required'), secret: z.string() });

function BoundForm({ onValid }: { onValid: (values: z.infer<typeof schema>) => void }) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', secret: '' } });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <TextField label="Name" {...formFieldProps(form, 'name')} />
      <PasswordField label="Secret" autoComplete="new-password" {...formFieldProps(form, 'secret')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('formFieldProps and PasswordField', () => {
  it('bind a field to react-hook-form: its value, its error message and the focus on the first invalid field', async () => {
    const onValid = vi.fn();
    render(<BoundForm onValid={onValid} />);
    const secret = screen.getByLabelText('Secret');
    expect(secret.getAttribute('type')).toBe('password');
    expect(secret.getAttribute('autocomplete')).toBe('new-password');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const name = await screen.findByRole('textbox', { name: 'Name', description: 'Name is required' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Bea' } });
    fireEvent.change(secret, { target: { value: 'hidden' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Bea', secret: 'hidden' });
    expect(screen.queryByText('Name is required')).toBeNull();
  });
});
