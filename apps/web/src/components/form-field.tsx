import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500';
// Important (!) so the red border wins over the control's own border colour, whatever the CSS order.
const invalid = 'border-red-500! focus:border-red-600! focus:ring-red-500/30';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function Wrapper({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, className, id: idProp, ...rest }, ref) {
    const autoId = useId();
    const id = idProp ?? autoId;
    return (
      <Wrapper id={id} label={label} error={error} hint={hint}>
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${control} ${error ? invalid : ''} ${className ?? ''}`}
          {...rest}
        />
      </Wrapper>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, hint, className, id: idProp, ...rest }, ref) {
    const autoId = useId();
    const id = idProp ?? autoId;
    return (
      <Wrapper id={id} label={label} error={error} hint={hint}>
        <textarea
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${control} ${error ? invalid : ''} ${className ?? ''}`}
          {...rest}
        />
      </Wrapper>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField({ label, error, hint, className, id: idProp, children, ...rest }, ref) {
    const autoId = useId();
    const id = idProp ?? autoId;
    return (
      <Wrapper id={id} label={label} error={error} hint={hint}>
        <select
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${control} ${error ? invalid : ''} ${className ?? ''}`}
          {...rest}
        >
          {children}
        </select>
      </Wrapper>
    );
  },
);

export const controlClass = control;
