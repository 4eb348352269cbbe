/** @jsxRuntime automatic @jsxImportSource react (tsx reads no tsconfig here: docs/decisions/114-email-outbox.md) */
import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/** The dealer as every email shows it: name, logo and contact details from the settings. */
export interface EmailSite {
  name: string;
  publicUrl: string;
  /** Absolute, or undefined when no logo is set. */
  logoUrl: string | undefined;
  address: string;
  phone: string;
  email: string;
}

const page = { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px' };
const footer = { color: '#71717a', fontSize: '12px', lineHeight: '18px', margin: '4px 0' };

export const text = { color: '#18181b', fontSize: '15px', lineHeight: '24px' };
export const button = {
  backgroundColor: '#1d4ed8',
  borderRadius: '6px',
  color: '#ffffff',
  display: 'inline-block',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};

/** The frame of every email: the dealer's logo or name, the content, and the dealer's details. */
export function EmailLayout(props: {
  site: EmailSite;
  preview: string;
  /** The one-click unsubscribe page of the preference that sent this email, if one did. */
  unsubscribe?: { url: string; label: string } | undefined;
  children: ReactNode;
}) {
  const { site } = props;
  const contact = [site.address, site.phone, site.email].filter(Boolean).join(' · ');
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section style={{ marginBottom: '24px' }}>
            <Link href={site.publicUrl}>
              {site.logoUrl ? (
                <Img src={site.logoUrl} alt={site.name} height="40" style={{ height: '40px', width: 'auto' }} />
              ) : (
                <Text style={{ ...text, fontSize: '20px', fontWeight: 700, margin: 0 }}>{site.name}</Text>
              )}
            </Link>
          </Section>
          {props.children}
          <Hr style={{ borderColor: '#e4e4e7', margin: '32px 0 16px' }} />
          <Text style={footer}>{site.name}</Text>
          {contact ? <Text style={footer}>{contact}</Text> : null}
          {props.unsubscribe ? (
            <Text style={footer}>
              You receive this email because {props.unsubscribe.label} are on in your account.{' '}
              <Link href={props.unsubscribe.url}>Unsubscribe</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
