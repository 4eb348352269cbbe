import { isOneOf } from '@vm/shared/one-of';
import { CONTACT_PRIORITIES, CONTACT_STATUSES, type ContactPriority, type ContactStatus } from '@vm/shared/constants';

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};
export const CONTACT_PRIORITY_LABELS: Record<ContactPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

const STATUS_TONE: Record<ContactStatus, string> = {
  new: 'border-sky-200 bg-sky-50 text-sky-800',
  'in-progress': 'border-amber-200 bg-amber-50 text-amber-800',
  resolved: 'border-green-200 bg-green-50 text-green-800',
  closed: 'border-slate-200 bg-slate-100 text-slate-700',
};
const PRIORITY_TONE: Record<ContactPriority, string> = {
  low: 'border-slate-200 bg-slate-50 text-slate-700',
  medium: 'border-sky-200 bg-sky-50 text-sky-800',
  high: 'border-orange-200 bg-orange-50 text-orange-800',
  urgent: 'border-red-200 bg-red-50 text-red-800',
};

const pill =
  'rounded-full border py-1 pr-7 pl-3 text-xs font-semibold focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60';

interface SelectProps<T> {
  value: T;
  label: string;
  disabled?: boolean;
  onChange: (value: T) => void;
}

interface PillSelectProps<T extends string> extends SelectProps<T> {
  options: readonly T[];
  labels: Record<T, string>;
  /** The pill's colours per value, so the current choice reads at a glance. */
  tones: Record<T, string>;
}

function PillSelect<T extends string>({
  options,
  labels,
  tones,
  value,
  label,
  disabled,
  onChange,
}: PillSelectProps<T>) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      className={`${pill} ${tones[value]}`}
      onChange={(e) => {
        if (isOneOf(options, e.target.value)) onChange(e.target.value);
      }}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {labels[o]}
        </option>
      ))}
    </select>
  );
}

/** ADMIN-CON-12 / ADMIN-CON-19: any status can be chosen from any other. */
export function ContactStatusSelect(props: SelectProps<ContactStatus>) {
  return <PillSelect options={CONTACT_STATUSES} labels={CONTACT_STATUS_LABELS} tones={STATUS_TONE} {...props} />;
}

/** ADMIN-CON-13 / ADMIN-CON-19: any priority can be chosen from any other. */
export function ContactPrioritySelect(props: SelectProps<ContactPriority>) {
  return <PillSelect options={CONTACT_PRIORITIES} labels={CONTACT_PRIORITY_LABELS} tones={PRIORITY_TONE} {...props} />;
}
