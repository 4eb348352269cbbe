import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const SHAPES = {
  icon: 'inline-flex h-9 w-9 items-center justify-center rounded-lg',
  worded: 'inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium',
} as const;
const LOOKS_DISABLED = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';
// Colours live apart from the shape so a tone never competes with another colour class (two
// text-* classes on one element resolve by stylesheet order, not by their order in the string).
const TONES = {
  neutral: 'text-slate-600 hover:bg-slate-100 hover:text-ink-900',
  brand: 'text-brand-700 hover:bg-brand-50',
  success: 'text-green-700 hover:bg-green-50',
  danger: 'text-red-600 hover:bg-red-50',
} as const;
export type RowActionTone = keyof typeof TONES;

interface Props {
  icon: LucideIcon;
  /** The accessible name, naming the row ("Delete Jane Doe"). */
  label: string;
  /** Shown beside the icon; without it the button is the icon alone and `title` explains it. */
  word?: string;
  title?: string;
  tone?: RowActionTone;
  onClick: () => void;
  disabled?: boolean;
  /**
   * Looks disabled yet keeps focus and the tooltip that says why, and still reports the click so
   * the screen can explain instead of acting.
   */
  explainedDisabled?: boolean;
}

/** One action in a row of an admin table. */
export function RowActionButton({
  icon: Icon,
  label,
  word,
  title,
  tone = 'neutral',
  onClick,
  disabled,
  explainedDisabled,
}: Props) {
  const shape = word === undefined ? SHAPES.icon : SHAPES.worded;
  return (
    <button
      type="button"
      className={`${shape} ${LOOKS_DISABLED} ${TONES[explainedDisabled ? 'neutral' : tone]}`}
      onClick={onClick}
      aria-label={label}
      aria-disabled={explainedDisabled ? true : undefined}
      title={title}
      disabled={disabled}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {word === undefined ? null : ` ${word}`}
    </button>
  );
}

/** The actions cell's content: the row's buttons, kept to the right. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}
