import { zodResolver } from '@hookform/resolvers/zod';
import { MEDIA_KINDS, META_DESCRIPTION_MAX, META_TITLE_MAX, STAFF_EMAILS_MAX, WEEKDAYS } from '@vm/shared/constants';
import { type Settings, settingsSchema } from '@vm/shared/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextAreaField, TextField } from '../../../components/form-field';
import { ApiError, api, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { PUBLIC_SETTINGS_KEY } from '../../../lib/site-settings';
import { LeaveGuard } from '../components/unsaved-changes';
import { MediaUploadField } from './media-upload-field';
import { LoadingLine } from '../../../components/spinner';

const SETTINGS_KEY = ['admin', 'settings'] as const;

const TABS = [
  { id: 'company', label: 'Company Info' },
  { id: 'contact', label: 'Contact Info' },
  { id: 'media', label: 'Media' },
  { id: 'social', label: 'Social Media' },
  { id: 'seo', label: 'SEO' },
  { id: 'googleBusiness', label: 'Google Business' },
  { id: 'parts', label: 'Parts Links' },
  { id: 'notifications', label: 'Notifications' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const SOCIAL = [
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter / X'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
  ['youtube', 'YouTube'],
] as const;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The staff notice recipients as typed: one address per line (commas and spaces separate too),
 * in lower case, each once. The schema checks each address (docs/product-rules.md#notifications).
 */
export function parseStaffEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The first message of the staff list's errors: the list's own (too many) or an address's. */
function staffEmailsError(errors: FieldErrors<Settings>): string | undefined {
  const list = errors.notifications?.staffEmails;
  if (!list) return undefined;
  if (list.message) return list.message;
  if (list.root?.message) return list.root.message;
  const items = Array.isArray(list) ? (list as ({ message?: string } | undefined)[]) : [];
  const index = items.findIndex((item) => item?.message);
  return index >= 0 ? `${items[index]?.message} (line ${index + 1})` : undefined;
}

/** "42/60 characters (recommended 50-60)". */
function counter(length: number, max: number, recommended: string) {
  return `${length}/${max} characters (recommended ${recommended})`;
}

/** Site settings in tabs with one Save Changes button for the whole object (ADMIN-SET-*). */
export function SettingsPage() {
  usePageTitle('Settings');
  const loaded = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api<Settings>('/settings'),
    refetchOnWindowFocus: false,
  });
  if (loaded.isPending) {
    return <LoadingLine text="Loading settings..." />;
  }
  if (loaded.isError) return <Alert>Failed to load settings. Please try again.</Alert>;
  return <SettingsForm initial={loaded.data} />;
}

function SettingsForm({ initial }: { initial: Settings }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabId>('company');
  const [saving, setSaving] = useState(false);
  const [staffText, setStaffText] = useState(() => initial.notifications.staffEmails.join('\n'));
  const { register, handleSubmit, watch, setValue, setError, reset, control, formState } = useForm<Settings>({
    resolver: zodResolver(settingsSchema),
    defaultValues: initial,
  });
  const parts = useFieldArray({ control, name: 'parts' });
  const errors = formState.errors;
  useEffect(() => {
    reset(initial);
    setStaffText(initial.notifications.staffEmails.join('\n'));
  }, [initial, reset]);

  const onInvalid = (errs: FieldErrors<Settings>) => {
    // Shows the first tab holding an error: a mistake on a hidden tab would otherwise look like nothing.
    const first = TABS.find((t) => t.id in errs);
    if (first) setTab(first.id);
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await api<Settings>('/settings', { method: 'PUT', body: values });
      queryClient.setQueryData(SETTINGS_KEY, saved);
      // ADMIN-SET-13: the storefront reads the new settings at once.
      await queryClient.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
      toast.success('Settings saved successfully!');
    } catch (err) {
      console.error('Saving settings failed', err);
      // The server's reason, shown on its field too (a check only the server makes, such as a media
      // file that is no longer stored), on the first tab that holds one.
      const fields = err instanceof ApiError ? (err.body?.errors ?? []) : [];
      for (const { field, message } of fields) setError(field as Parameters<typeof setError>[0], { message });
      const first = TABS.find((t) => fields.some((f) => f.field.startsWith(`${t.id}.`)));
      if (first) setTab(first.id);
      toast.error(
        errorMessage(err, '')
          ? `Failed to save settings: ${errorMessage(err, '')}`
          : 'Failed to save settings. Please try again.',
      );
    } finally {
      setSaving(false);
    }
  }, onInvalid);

  const metaTitle = watch('seo.metaTitle') ?? '';
  const metaDescription = watch('seo.metaDescription') ?? '';
  const media = watch('media');

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <LeaveGuard when={formState.isDirty && !saving} />
      <div>
        <h2 className="text-2xl font-bold text-ink-900">Settings</h2>
        <p className="text-sm text-slate-500">Company details, contact, media and SEO shown on the storefront.</p>
      </div>

      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {/* Every tab in sight on a phone: the tabs wrap below sm instead of scrolling off-screen (issue #20). */}
        <div
          role="tablist"
          aria-label="Settings sections"
          className="flex flex-wrap border-b border-slate-200 sm:flex-nowrap sm:overflow-x-auto"
        >
          {TABS.map((t) => {
            const active = tab === t.id;
            const hasError = t.id in errors;
            return (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`tab-${t.id}`}
                aria-selected={active}
                aria-controls={`panel-${t.id}`}
                onClick={() => setTab(t.id)}
                className={`relative shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap sm:px-4 sm:py-3 ${
                  active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-ink-900'
                }`}
              >
                {t.label}
                {hasError ? (
                  <span className="ml-1.5 inline-block h-2 w-2 rounded-full bg-red-500" title="Has errors" />
                ) : null}
              </button>
            );
          })}
        </div>

        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="p-5">
          {tab === 'company' ? (
            <div className="grid gap-4 md:grid-cols-2">
              <TextField label="Company name" {...register('company.name')} error={errors.company?.name?.message} />
              <TextField label="Country" {...register('company.country')} error={errors.company?.country?.message} />
              <div className="md:col-span-2">
                <TextAreaField
                  label="Description"
                  rows={3}
                  {...register('company.description')}
                  error={errors.company?.description?.message}
                />
              </div>
              <div className="md:col-span-2">
                <TextField label="Address" {...register('company.address')} error={errors.company?.address?.message} />
              </div>
              <TextField label="City" {...register('company.city')} error={errors.company?.city?.message} />
              <div className="grid grid-cols-2 gap-4">
                <TextField label="State" {...register('company.state')} error={errors.company?.state?.message} />
                <TextField label="ZIP code" {...register('company.zipCode')} error={errors.company?.zipCode?.message} />
              </div>
            </div>
          ) : null}

          {tab === 'contact' ? (
            <div className="space-y-6">
              <div className="grid gap-4 md:grid-cols-3">
                <TextField
                  label="Phone"
                  type="tel"
                  {...register('contact.phone')}
                  error={errors.contact?.phone?.message}
                />
                <TextField
                  label="Email"
                  type="email"
                  {...register('contact.email')}
                  error={errors.contact?.email?.message}
                />
                <TextField
                  label="Website"
                  type="url"
                  placeholder="https://"
                  {...register('contact.website')}
                  error={errors.contact?.website?.message}
                />
              </div>
              <fieldset>
                <legend className="text-sm font-semibold text-ink-900">Business hours</legend>
                <p className="text-xs text-slate-500">Leave both times empty for a day you are closed.</p>
                <div className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {WEEKDAYS.map((day) => {
                    const dayErrors = errors.contact?.businessHours?.[day];
                    return (
                      <div key={day} className="grid grid-cols-[6.5rem_1fr_1fr] items-center gap-3 px-3 py-2">
                        <span className="text-sm font-medium text-slate-700 capitalize">{day}</span>
                        <TextField
                          label="Opens"
                          aria-label={`${capitalise(day)} opens`}
                          type="time"
                          {...register(`contact.businessHours.${day}.open`)}
                          error={dayErrors?.open?.message}
                        />
                        <TextField
                          label="Closes"
                          aria-label={`${capitalise(day)} closes`}
                          type="time"
                          {...register(`contact.businessHours.${day}.close`)}
                          error={dayErrors?.close?.message}
                        />
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            </div>
          ) : null}

          {tab === 'media' ? (
            <div className="space-y-4">
              {MEDIA_KINDS.map((kind) => (
                <div key={kind}>
                  <MediaUploadField
                    kind={kind}
                    value={media?.[kind] ?? ''}
                    onChange={(url) => setValue(`media.${kind}`, url, { shouldDirty: true, shouldValidate: true })}
                  />
                  {errors.media?.[kind]?.message ? (
                    <p className="mt-1 text-xs font-medium text-red-600">{errors.media[kind]?.message}</p>
                  ) : null}
                </div>
              ))}
              <p className="text-xs text-slate-500">Uploaded files are used once you press Save Changes.</p>
            </div>
          ) : null}

          {tab === 'social' ? (
            <div className="grid gap-4 md:grid-cols-2">
              {SOCIAL.map(([key, label]) => (
                <TextField
                  key={key}
                  label={label}
                  type="url"
                  placeholder="https://"
                  {...register(`social.${key}`)}
                  error={errors.social?.[key]?.message}
                />
              ))}
            </div>
          ) : null}

          {tab === 'seo' ? (
            <div className="grid gap-4">
              <TextField
                label="Meta title"
                maxLength={META_TITLE_MAX}
                {...register('seo.metaTitle')}
                error={errors.seo?.metaTitle?.message}
                hint={counter(metaTitle.length, META_TITLE_MAX, '50-60')}
              />
              <TextAreaField
                label="Meta description"
                rows={3}
                maxLength={META_DESCRIPTION_MAX}
                {...register('seo.metaDescription')}
                error={errors.seo?.metaDescription?.message}
                hint={counter(metaDescription.length, META_DESCRIPTION_MAX, '150-160')}
              />
              <TextField
                label="Meta keywords"
                {...register('seo.metaKeywords')}
                error={errors.seo?.metaKeywords?.message}
                hint="Comma-separated."
              />
              <div className="grid gap-4 md:grid-cols-2">
                <TextField
                  label="Google Analytics ID"
                  placeholder="G-XXXXXXX"
                  {...register('seo.googleAnalyticsId')}
                  error={errors.seo?.googleAnalyticsId?.message}
                />
                <TextField
                  label="Google Tag Manager ID"
                  placeholder="GTM-XXXXXXX"
                  {...register('seo.googleTagManagerId')}
                  error={errors.seo?.googleTagManagerId?.message}
                />
              </div>
            </div>
          ) : null}

          {tab === 'googleBusiness' ? (
            <div className="grid gap-4 md:grid-cols-2">
              <TextField
                label="API key"
                autoComplete="off"
                {...register('googleBusiness.apiKey')}
                error={errors.googleBusiness?.apiKey?.message}
                hint="Kept private: never sent to the storefront."
              />
              <TextField
                label="Place ID"
                {...register('googleBusiness.placeId')}
                error={errors.googleBusiness?.placeId?.message}
              />
              <label className="flex items-center gap-2 text-sm font-medium text-slate-700 md:col-span-2">
                <input
                  type="checkbox"
                  {...register('googleBusiness.reviewsEnabled')}
                  className="h-4 w-4 rounded border-slate-300 accent-brand-600"
                />
                Show Google reviews
              </label>
            </div>
          ) : null}

          {tab === 'parts' ? (
            <div className="space-y-4">
              <p className="text-sm text-slate-600">Links listed on the storefront's Parts page.</p>
              {parts.fields.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
                  No parts links yet.
                </p>
              ) : null}
              {parts.fields.map((field, i) => (
                <div
                  key={field.id}
                  className="grid gap-3 rounded-lg border border-slate-200 p-4 md:grid-cols-[1fr_1fr_auto]"
                >
                  <TextField
                    label="Label"
                    {...register(`parts.${i}.label`)}
                    error={errors.parts?.[i]?.label?.message}
                  />
                  <TextField
                    label="URL"
                    type="url"
                    placeholder="https://"
                    {...register(`parts.${i}.url`)}
                    error={errors.parts?.[i]?.url?.message}
                  />
                  <div className="flex items-end">
                    <Button variant="ghost" onClick={() => parts.remove(i)} aria-label={`Remove parts link ${i + 1}`}>
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" /> Remove
                    </Button>
                  </div>
                  <div className="md:col-span-3">
                    <TextField
                      label="Description"
                      {...register(`parts.${i}.description`)}
                      error={errors.parts?.[i]?.description?.message}
                    />
                  </div>
                </div>
              ))}
              <Button variant="secondary" onClick={() => parts.append({ label: '', url: '', description: '' })}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Add parts link
              </Button>
            </div>
          ) : null}

          {tab === 'notifications' ? (
            <div className="max-w-xl space-y-4">
              <p className="text-sm text-slate-600">
                New offers and new contact inquiries are emailed to these addresses, with a link to the item here.
              </p>
              <TextAreaField
                label="Staff notification emails"
                rows={5}
                placeholder={'sales@example.com\nmanager@example.com'}
                value={staffText}
                onChange={(e) => {
                  setStaffText(e.target.value);
                  setValue('notifications.staffEmails', parseStaffEmails(e.target.value), {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  });
                }}
                error={staffEmailsError(errors)}
                hint={`One address per line, at most ${STAFF_EMAILS_MAX}. Leave empty to notify every active SuperAdmin.`}
              />
            </div>
          ) : null}
        </div>
      </div>

      {/* Save stays in reach at the bottom of the screen while any tab is scrolled (issue #20). */}
      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        {formState.isDirty ? <p className="mr-auto text-sm text-slate-600">Unsaved changes</p> : null}
        <Button type="submit" disabled={saving}>
          <Save className="h-4 w-4" aria-hidden="true" />
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
