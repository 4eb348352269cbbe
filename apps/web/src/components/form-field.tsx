import { type AriaAttributes, type ComponentProps, type ReactNode, useId } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500';
// Important (!) so the red border wins over the control's own border colour, whatever the CSS order.
const invalid = 'border-red-500! focus:border-red-600! focus:ring-red-500/30';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}
/** The props a field keeps for itself; everything else goes to the control. */
type FrameProps = FieldProps & { id?: string | undefined; className?: string | undefined };
type ControlProps<P extends FrameProps> = Omit<P, keyof FrameProps> &
  Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby'> & { id: string; className: string };

/**
 * What every field is: a label, the control, then its error or else its hint. The control gets the
 * id the label points at, and while there is an error it is marked invalid and described by the
 * error text, so a screen reader reads the message with the field. The caller's own props come
 * last, so an explicit aria-describedby or aria-invalid still wins.
 */
function Field<P extends FrameProps>({
  field: { label, error, hint, id: idProp, className, ...rest },
  renderControl,
}: {
  field: P;
  renderControl: (control: ControlProps<P>) => ReactNode;
}) {
  const autoId = useId();
  const id = idProp ?? autoId;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {renderControl({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
        className: `${control} ${error ? invalid : ''} ${className ?? ''}`,
        ...rest,
      })}
      {hint && !error ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// React 19 passes `ref` as an ordinary prop, so it reaches the control with the rest (react-hook-form's
// register() relies on that to focus the first invalid field).
export type TextFieldProps = FieldProps & ComponentProps<'input'>;

export function TextField(props: TextFieldProps) {
  return <Field field={props} renderControl={(input) => <input {...input} />} />;
}

export function TextAreaField(props: FieldProps & ComponentProps<'textarea'>) {
  return <Field field={props} renderControl={(textarea) => <textarea {...textarea} />} />;
}

export function SelectField(props: FieldProps & ComponentProps<'select'>) {
  return <Field field={props} renderControl={(select) => <select {...select} />} />;
}

/**
 * A password input. autoComplete is required because it tells a password manager whether to fill
 * the saved password or to offer a new one.
 */
export function PasswordField(
  props: Omit<TextFieldProps, 'type' | 'autoComplete'> & { autoComplete: 'current-password' | 'new-password' },
) {
  return <TextField type="password" {...props} />;
}

/**
 * Binds a field to a react-hook-form field: its registration (name, ref, change and blur) and the
 * message of its current error, e.g. `<TextField label="Email" {...formFieldProps(form, 'email')} />`.
 */
export function formFieldProps<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>,
  name: FieldPath<T>,
) {
  // Passing formState (not omitting it) subscribes the form to error changes, as reading formState.errors would.
  return { error: form.getFieldState(name, form.formState).error?.message, ...form.register(name) };
}

export const controlClass = control;
