import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { controlClass } from '../../../components/form-field';

interface Props {
  label: string;
  makes: readonly string[];
  /** The text in the box: a chosen make, or what the visitor typed. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * HOME-02: a searchable make picker (WAI-ARIA combobox with a list box). Typing filters the
 * makes; arrows move, Enter picks, Escape closes; free text is allowed and kept.
 */
export function MakeCombobox({ label, makes, value, onChange }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  const options = useMemo(() => {
    const text = value.trim().toLowerCase();
    const exact = makes.some((m) => m.toLowerCase() === text);
    // Once a make is chosen, the whole list shows again so another can be picked.
    return text && !exact ? makes.filter((m) => m.toLowerCase().includes(text)) : [...makes];
  }, [makes, value]);

  const choose = (make: string) => {
    onChange(make);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      const make = options[active];
      if (make) {
        event.preventDefault();
        choose(make);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder="Any make"
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={`${controlClass} pr-9`}
        />
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
      </div>
      {open && options.length > 0 ? (
        <div
          id={listId}
          role="listbox"
          aria-label={`${label} options`}
          className="absolute z-30 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.map((make, i) => (
            <div
              key={make}
              id={`${id}-opt-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={make === value}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(make);
              }}
              className={`flex cursor-pointer items-center justify-between px-3 py-2 text-sm ${
                i === active ? 'bg-brand-50 text-ink-900' : 'text-slate-700 hover:bg-slate-50'
              }`}
            >
              {make}
              {make === value ? <Check className="h-4 w-4 text-brand-700" aria-hidden="true" /> : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
