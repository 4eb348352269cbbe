/** @jsxRuntime automatic @jsxImportSource react (tsx reads no tsconfig here: docs/decisions/114-email-outbox.md) */
import { Button, Section, Text } from '@react-email/components';
import { button, text } from './layout.tsx';
import { emailTemplate } from './email-template.ts';

/** A new or amended offer, to the staff chosen in Settings. */
export const staffNewOffer = emailTemplate<{
  vehicleTitle: string;
  amountText: string;
  buyerName: string;
  isUpdate: boolean;
  adminUrl: string;
}>({
  subject: (d) => `${d.isUpdate ? 'Amended offer' : 'New offer'}: ${d.amountText} on ${d.vehicleTitle}`,
  preview: (d) => `${d.buyerName} offered ${d.amountText}`,
  content: (d) => (
    <>
      <Text style={text}>
        {d.buyerName} {d.isUpdate ? 'amended their offer on' : 'made an offer on'} {d.vehicleTitle}: {d.amountText}.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={d.adminUrl} style={button}>
          Review the offer
        </Button>
      </Section>
    </>
  ),
});

/** A new contact inquiry, to the staff chosen in Settings. */
export const staffNewInquiry = emailTemplate<{
  subject: string;
  fromName: string;
  fromEmail: string;
  adminUrl: string;
}>({
  subject: (d) => `New inquiry: ${d.subject}`,
  preview: (d) => `From ${d.fromName} <${d.fromEmail}>`,
  content: (d) => (
    <>
      <Text style={text}>
        {d.fromName} ({d.fromEmail}) sent an inquiry: “{d.subject}”.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={d.adminUrl} style={button}>
          Open the inquiry
        </Button>
      </Section>
    </>
  ),
});
