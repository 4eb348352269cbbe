import { TextPageHead } from '../../../lib/page-head';
import { useCompanyInfo } from '../company-info';
import { CompanyDetails } from './company-details';
import { ContactForm } from './contact-form';

export function ContactPage() {
  const company = useCompanyInfo();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
      <TextPageHead page="contact" />
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-2 text-slate-600">
          Questions about a vehicle, an import or a visit to our showroom? Send us a message and a specialist from{' '}
          {company.companyName} will get back to you.
        </p>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
        >
          <h2 id="contact-form-title" className="mb-5 text-xl font-semibold text-ink-900">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <section
          aria-labelledby="contact-details-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-details-title" className="mb-5 text-xl font-semibold text-ink-900">
            Get in touch
          </h2>
          <CompanyDetails company={company} />
        </section>
      </div>
    </div>
  );
}
