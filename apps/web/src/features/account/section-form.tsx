import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SectionCard } from './section-card';
import type { TimedMessage } from './use-timed-message';

interface SectionFormProps {
  title: string;
  description: string;
  /** The outcome of the last save (see useTimedMessage), shown above the fields. */
  message: TimedMessage | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  saveLabel: string;
  savingLabel: string;
  children: ReactNode;
}

/** An account section that is one form: the outcome of the last save, the fields, then the save button. */
export function SectionForm({
  title,
  description,
  message,
  onSubmit,
  saving,
  saveLabel,
  savingLabel,
  children,
}: SectionFormProps) {
  return (
    <SectionCard title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        {children}
        <Button type="submit" disabled={saving}>
          {saving ? savingLabel : saveLabel}
        </Button>
      </form>
    </SectionCard>
  );
}
