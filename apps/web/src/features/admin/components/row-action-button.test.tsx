import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pencil, Trash2 } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowActionButton } from './row-action-button';

afterEach(cleanup);

const classes = (el: HTMLElement) => el.className.split(' ');

describe('RowActionButton', () => {
  it('an icon action is named for its row, explained by its tooltip, and a danger one is red only', () => {
    const onClick = vi.fn();
    render(<RowActionButton icon={Trash2} tone="danger" label="Delete Ada" title="Delete" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Delete Ada' });
    expect(button.getAttribute('title')).toBe('Delete');
    expect(button.textContent).toBe('');
    // One colour per button: two text-* classes would resolve by stylesheet order, not intent.
    expect(classes(button)).toContain('text-red-600');
    expect(classes(button).filter((c) => c.startsWith('text-'))).toEqual(['text-red-600']);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('an explained-disabled action looks disabled, keeps focus and its tooltip, and still reports the click', () => {
    const onClick = vi.fn();
    render(
      <RowActionButton
        icon={Trash2}
        tone="danger"
        label="Delete Me"
        title="You cannot delete your own account"
        explainedDisabled
        onClick={onClick}
      />,
    );
    const button = screen.getByRole('button', { name: 'Delete Me' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.disabled).toBe(false);
    expect(classes(button)).toContain('text-slate-600');
    expect(classes(button)).not.toContain('text-red-600');
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a worded action shows its word beside the icon', () => {
    render(<RowActionButton icon={Pencil} word="Edit" tone="brand" label="Edit 1971 Skyline" onClick={() => {}} />);
    const button = screen.getByRole('button', { name: 'Edit 1971 Skyline' });
    expect(button.textContent).toBe(' Edit');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(button.getAttribute('title')).toBeNull();
  });
});
