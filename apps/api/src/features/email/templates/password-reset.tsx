/** @jsxRuntime automatic @jsxImportSource react (tsx reads no tsconfig here: docs/decisions/114-email-outbox.md) */
import { Button, Section, Text } from '@react-email/components';
import { button, text } from './layout.tsx';
import { emailTemplate } from './email-template.ts';

export const passwordReset = emailTemplate<{ firstName: string; resetUrl: string; validMinutes: number }>({
  secret: true,
  subject: (_data, site) => `Reset your ${site.name} password`,
  preview: () => 'A link to choose a new password',
  content: (data) => (
    <>
      <Text style={text}>Hello {data.firstName},</Text>
      <Text style={text}>
        Someone asked to reset the password of your account. If it was you, choose a new password with the button below.
        The link works once, for {data.validMinutes} minutes.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={data.resetUrl} style={button}>
          Choose a new password
        </Button>
      </Section>
      <Text style={text}>If you did not ask for this, ignore this email: your password stays as it is.</Text>
    </>
  ),
});
