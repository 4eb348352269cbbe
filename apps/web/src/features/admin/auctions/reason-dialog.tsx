import { reasonBodySchema } from '@vm/shared/auction';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The server's refusal. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** A confirmation that asks for a reason (cancel an auction, void a bid), checked with reasonBodySchema. */
export function ReasonDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: Props) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setProblem(undefined);
    onCancel();
  };
  const confirm = () => {
    const parsed = reasonBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    onConfirm(parsed.data.reason);
  };
  return (
    <Modal
      open={open}
      title={title}
      onClose={close}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Back
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{message}</p>
        {error ? <Alert>{error}</Alert> : null}
        <TextAreaField
          label="Reason"
          rows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(undefined);
          }}
          error={problem}
        />
      </div>
    </Modal>
  );
}
