/** @jsxRuntime automatic @jsxImportSource react (tsx reads no tsconfig here: docs/decisions/114-email-outbox.md) */
import { render } from '@react-email/components';
import { EMAIL_TEMPLATES, type EmailTemplateName } from './email-templates.ts';
import type { EmailTemplate } from './templates/email-template.ts';
import { EMAIL_PREFERENCES } from '@vm/shared/email';
import { EmailLayout, type EmailSite } from './templates/layout.tsx';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** An email's subject, HTML and plain-text parts, framed by the dealer's layout. */
export async function renderEmail(
  name: EmailTemplateName,
  data: unknown,
  context: { site: EmailSite; unsubscribeUrl: string | undefined },
): Promise<RenderedEmail> {
  // The outbox row was written from the template's own data type (OutboxEmail); read back as such.
  const template = EMAIL_TEMPLATES[name] as EmailTemplate<unknown>;
  const unsubscribe =
    template.preference && context.unsubscribeUrl
      ? { url: context.unsubscribeUrl, label: EMAIL_PREFERENCES[template.preference] }
      : undefined;
  const element = (
    <EmailLayout site={context.site} preview={template.preview(data)} unsubscribe={unsubscribe}>
      {template.content(data)}
    </EmailLayout>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(data, context.site), html, text };
}
