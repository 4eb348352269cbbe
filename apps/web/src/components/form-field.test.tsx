import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectField, TextAreaField, TextField } from './form-field';

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
