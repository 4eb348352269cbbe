import { TextField, type TextFieldProps } from '../../components/form-field';

/** A preset field: its label (and kind) are fixed, the form adds the binding, hint and the rest. */
type PresetFieldProps = Omit<TextFieldProps, 'label'>;

/** First and last name side by side from the small breakpoint up (registration and the profile). */
export function NameFields({ firstName, lastName }: { firstName: PresetFieldProps; lastName: PresetFieldProps }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...firstName} />
      <TextField label="Last name" autoComplete="family-name" {...lastName} />
    </div>
  );
}

/** The email a person signs in with (log-in and registration; the profile shows it read-only instead). */
export function EmailField(props: PresetFieldProps) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}

/** Required at registration, optional on the profile: the form's schema decides, the form adds the hint. */
export function PhoneField(props: PresetFieldProps) {
  return <TextField label="Phone" type="tel" autoComplete="tel" {...props} />;
}
