import type { ContactPriority, ContactStatus } from '@vm/shared/constants';
import { telHref } from '@vm/shared/contact-links';
import type { Contact } from '@vm/shared/contact';
import { formatDateTime } from '@vm/shared/format-date';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { DetailRow } from '../users/user-details-modal';
import { ContactPrioritySelect, ContactStatusSelect } from './contact-selects';

interface Props {
  contact: Contact | null;
  saving: boolean;
  onStatus: (contact: Contact, status: ContactStatus) => void;
  onPriority: (contact: Contact, priority: ContactPriority) => void;
  onClose: () => void;
}

/**
 * The vehicle an inquiry was sent from ("Contact our specialists", issue #20): a link to its page
 * in a new tab, or "Vehicle deleted" once it is gone.
 */
function InquiryVehicle({ vehicle }: { vehicle: NonNullable<Contact['vehicle']> }) {
  // Its title goes with it; the subject still names it.
  if (vehicle.deleted) return <span className="text-slate-500">Vehicle deleted</span>;
  return (
    <a
      href={`/vehicles/${encodeURIComponent(vehicle.id)}`}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-brand-700 hover:underline"
    >
      {vehicle.title ?? vehicle.id}
      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** "Contact Details" (ADMIN-CON-18..20): the inquiry, its vehicle if any, status and priority selectors, Close. */
export function ContactDetailsModal({ contact, saving, onStatus, onPriority, onClose }: Props) {
  return (
    <Modal
      open={contact !== null}
      onClose={onClose}
      title="Contact Details"
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {contact ? (
        <div className="space-y-5">
          <dl className="divide-y divide-slate-100 border-y border-slate-100">
            <DetailRow label="Name">{contact.fullName}</DetailRow>
            <DetailRow label="Email">
              <a href={`mailto:${contact.email}`} className="text-brand-700 hover:underline">
                {contact.email}
              </a>
            </DetailRow>
            <DetailRow label="Phone">
              <a href={telHref(contact.phone)} className="text-brand-700 hover:underline">
                {contact.phone}
              </a>
            </DetailRow>
            <DetailRow label="Date submitted">{formatDateTime(contact.createdAt)}</DetailRow>
            <DetailRow label="Subject">{contact.subject}</DetailRow>
            {contact.vehicle ? (
              <DetailRow label="Vehicle">
                <InquiryVehicle vehicle={contact.vehicle} />
              </DetailRow>
            ) : null}
          </dl>
          <section aria-label="Message">
            <h3 className="mb-1 text-sm font-semibold text-slate-700">Message</h3>
            <p className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-ink-900">{contact.message}</p>
          </section>
          <div className="flex flex-wrap gap-6">
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-700">Status</p>
              <ContactStatusSelect
                value={contact.status}
                label="Status"
                disabled={saving}
                onChange={(status) => onStatus(contact, status)}
              />
            </div>
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-700">Priority</p>
              <ContactPrioritySelect
                value={contact.priority}
                label="Priority"
                disabled={saving}
                onChange={(priority) => onPriority(contact, priority)}
              />
            </div>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
