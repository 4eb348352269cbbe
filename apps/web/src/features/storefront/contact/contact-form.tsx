import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGE_MAX } from '@vm/shared/constants';
import { type ContactSubmit, contactSubmitSchema } from '@vm/shared/contact';
import { CheckCircle2, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextAreaField, TextField } from '../../../components/form-field';
import { api, ApiError } from '../../../lib/api-client';

/** ERR-57, ERR-58: title and text of each outcome. */
export const CONTACT_MESSAGES = {
  successTitle: 'Message Sent Successfully!',
  successText: "Thank you for contacting us. We'll get back to you soon.",
  failureTitle: 'Error Sending Message',
  failureText: 'Something went wrong. Please try again later.',
} as const;

const EMPTY: ContactSubmit = { fullName: '', email: '', phone: '', subject: '', message: '' };
const FIELDS = Object.keys(EMPTY) as (keyof ContactSubmit)[];
type FormField = Exclude<keyof ContactSubmit, 'vehicleId'>;

/**
 * CONTACT-01..06: the form checks with the same schema as the server (same messages), clears a
 * field's error as soon as it is edited, counts the message out of 2000, and clears itself
 * after a successful send. Server-side field errors land on their fields.
 */
export function ContactForm() {
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  // "Contact our specialists" on a vehicle page opens /contact?vehicle=<id>&subject=Inquiry about <title>:
  // the subject is filled in and the inquiry is linked to the vehicle (issue #20), until it is sent.
  const [params] = useSearchParams();
  const [vehicleId, setVehicleId] = useState(() => params.get('vehicle')?.slice(0, 64) || undefined);
  const { register, handleSubmit, formState, reset, watch, clearErrors, setError } = useForm<ContactSubmit>({
    resolver: zodResolver(contactSubmitSchema),
    defaultValues: { ...EMPTY, subject: (params.get('subject') ?? '').slice(0, 200) },
    // Errors show on submit and clear on edit; they do not come back while the visitor types.
    reValidateMode: 'onSubmit',
  });
  const messageLength = watch('message')?.length ?? 0;
  const errors = formState.errors;

  const field = (name: FormField) =>
    register(name, {
      onChange: () => {
        if (formState.errors[name]) clearErrors(name);
      },
    });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await api('/contact/submit', { method: 'POST', body: vehicleId ? { ...values, vehicleId } : values });
      reset(EMPTY);
      setVehicleId(undefined);
      setOutcome('sent');
    } catch (err) {
      for (const e of err instanceof ApiError ? (err.body?.errors ?? []) : []) {
        if ((FIELDS as string[]).includes(e.field)) setError(e.field as keyof ContactSubmit, { message: e.message });
      }
      setOutcome('failed');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-describedby="contact-outcome">
      <div id="contact-outcome" aria-live="polite">
        {outcome === 'sent' ? (
          <Alert tone="success" onDismiss={() => setOutcome(null)}>
            <p className="flex items-center gap-2 font-semibold">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {CONTACT_MESSAGES.successTitle}
            </p>
            <p>{CONTACT_MESSAGES.successText}</p>
          </Alert>
        ) : null}
        {outcome === 'failed' ? (
          <Alert onDismiss={() => setOutcome(null)}>
            <p className="font-semibold">{CONTACT_MESSAGES.failureTitle}</p>
            <p>{CONTACT_MESSAGES.failureText}</p>
          </Alert>
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...field('fullName')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...field('phone')} />
        <TextField label="Subject" error={errors.subject?.message} {...field('subject')} />
      </div>
      <div>
        <TextAreaField
          label="Message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          error={errors.message?.message}
          {...field('message')}
        />
        <p className="mt-1 text-right text-xs text-slate-600" aria-live="off">
          <span className="sr-only">Characters used: </span>
          {messageLength}/{CONTACT_MESSAGE_MAX}
        </p>
      </div>
      <Button type="submit" disabled={formState.isSubmitting} className="w-full sm:w-auto">
        <Send className="h-4 w-4" aria-hidden="true" />
        {formState.isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
