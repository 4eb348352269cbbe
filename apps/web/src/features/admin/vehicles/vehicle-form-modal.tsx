import {
  ADMIN_YEAR_COUNT,
  BODY_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_REQUEST,
  MAX_IMAGES_PER_VEHICLE,
  CATEGORIES,
  FUEL_TYPES,
  TAGS,
  TRANSMISSIONS,
  VEHICLE_STATUSES,
} from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { slugify } from '@vm/shared/slug';
import { type Vehicle, vehicleInputSchema } from '@vm/shared/vehicle';
import { yearOptions } from '@vm/shared/years';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { VehicleAuctionSection } from '../auctions/vehicle-auction-section';
import { LeaveGuard, useGuardedClose } from '../components/unsaved-changes';
import { Modal } from '../../../components/modal';
import { defaultIndexAfterRemoval, type FormImage, moveImage, serverOrder } from './form-images';
import {
  ADMIN_VEHICLES_KEY,
  createVehicle,
  deleteVehicleImage,
  fetchMakesModels,
  fetchVehicleForEdit,
  MAKES_MODELS_KEY,
  reorderVehicleImages,
  setDefaultImage,
  updateVehicle,
  uploadVehicleImages,
} from './vehicle-api';
import { emptyVehicleForm, formToInput, type VehicleFormValues, vehicleToForm } from './vehicle-form-values';
import { VehicleImagesField } from './vehicle-images-field';
import { VinField } from './vin-field';

interface Props {
  /** null: closed; 'new': Add New Vehicle; otherwise the id of the vehicle to edit. */
  target: 'new' | string | null;
  onClose: () => void;
}

const TAG_LABELS: Record<string, string> = {
  hot: 'Hot',
  popular: 'Popular',
  featured: 'Featured',
  new: 'New',
  sale: 'Sale',
  limited: 'Limited',
};

const existingImages = (v: Vehicle): FormImage[] =>
  v.images.map((img) => ({ kind: 'existing', key: img.id, id: img.id, url: img.url }));

/** "Error: {server message}" when the server said why, else the screen's fallback (ERR-02, ERR-03). */
function saveErrorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? `Error: ${err.serverMessage}` : fallback;
}

/** Photo types the server takes, checked before sending (the server checks the bytes again). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** Why a chosen photo would be refused, before it is sent: not an image the server takes, or too large. */
export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.has(file.type)) return MSG.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return MSG.imageTooLarge;
  return null;
}

/** "a.jpg, b.png" for a toast. */
const names = (files: readonly File[]) => files.map((f) => f.name).join(', ');

/** Add New Vehicle / Edit Vehicle (ADMIN-VEH-24, 28..53). */
export function VehicleFormModal({ target, onClose }: Props) {
  // The open form's unsaved state: Escape, a click outside, the X and Cancel ask first (issue #20).
  const dirty = useRef(false);
  const requestClose = useGuardedClose(() => dirty.current, onClose);
  const editingId = target && target !== 'new' ? target : null;
  const loaded = useQuery({
    queryKey: [...ADMIN_VEHICLES_KEY, 'edit', editingId],
    queryFn: () => fetchVehicleForEdit(editingId ?? ''),
    enabled: editingId !== null,
    gcTime: 0,
  });
  const title = editingId ? 'Edit Vehicle' : 'Add New Vehicle';
  // Scheduling an auction makes the vehicle an auction listing on the server: the open form follows.
  const [auctionsScheduled, setAuctionsScheduled] = useState(0);
  return (
    <Modal open={target !== null} title={title} onClose={requestClose} size="xl">
      {target === null ? null : editingId && loaded.isPending ? (
        <Spinner label="Loading vehicle..." />
      ) : editingId && loaded.isError ? (
        <Alert>Failed to load the vehicle. Please try again.</Alert>
      ) : (
        <div className="space-y-6">
          {editingId ? (
            <VehicleAuctionSection vehicleId={editingId} onScheduled={() => setAuctionsScheduled((n) => n + 1)} />
          ) : null}
          <VehicleForm
            key={editingId ?? 'new'}
            vehicle={editingId ? (loaded.data ?? null) : null}
            dirty={dirty}
            auctionsScheduled={auctionsScheduled}
            onCancel={requestClose}
            onClose={onClose}
          />
        </div>
      )}
    </Modal>
  );
}

interface FormProps {
  vehicle: Vehicle | null;
  /** Set on each render to whether the form holds unsaved changes. */
  dirty: { current: boolean };
  /** Counts the auctions scheduled while the form is open (VehicleAuctionSection). */
  auctionsScheduled?: number;
  /** Cancel: asks first when there are unsaved changes. */
  onCancel: () => void;
  /** Closes without asking (after a save). */
  onClose: () => void;
}

function VehicleForm({ vehicle, dirty, auctionsScheduled = 0, onCancel, onClose }: FormProps) {
  const queryClient = useQueryClient();
  const formId = useId();
  const isEdit = vehicle !== null;
  const { register, handleSubmit, watch, setValue, resetField, formState } = useForm<VehicleFormValues>({
    defaultValues: vehicle ? vehicleToForm(vehicle) : emptyVehicleForm(),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The server set the listing type to auction: Save must not put it back.
  useEffect(() => {
    if (auctionsScheduled > 0) resetField('listingType', { defaultValue: 'auction' });
  }, [auctionsScheduled, resetField]);
  const [images, setImages] = useState<FormImage[]>(() => (vehicle ? existingImages(vehicle) : []));
  const [defaultIndex, setDefaultIndex] = useState(vehicle?.defaultImageIndex ?? 0);
  // Photos removed in the form: deleted on the server only by Save, so Cancel undoes a removal.
  const [removedIds, setRemovedIds] = useState<string[]>([]);
  const initialOrder = vehicle ? vehicle.images.map((i) => i.id).join() : '';
  const imagesDirty =
    removedIds.length > 0 ||
    images.some((img) => img.kind === 'new') ||
    images.map((img) => (img.kind === 'existing' ? img.id : '')).join() !== initialOrder ||
    (images.length > 0 && defaultIndex !== (vehicle?.defaultImageIndex ?? 0));
  dirty.current = formState.isDirty || imagesDirty;
  const makes = useQuery({ queryKey: MAKES_MODELS_KEY, queryFn: fetchMakesModels, staleTime: 60_000 });
  // The model year of the last Decode: set once its option is in the Year list (it may be next year's).
  const [decodedYear, setDecodedYear] = useState<{ year: number } | null>(null);
  useEffect(() => {
    if (decodedYear) setValue('year', String(decodedYear.year), { shouldDirty: true });
  }, [decodedYear, setValue]);

  // Object URLs of chosen files are released when they leave the form or the form closes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const title = watch('title');
  const make = watch('make');
  const years = yearOptions(ADMIN_YEAR_COUNT);
  if (vehicle && !years.includes(vehicle.year)) years.push(vehicle.year);
  if (decodedYear && !years.includes(decodedYear.year)) years.push(decodedYear.year);
  years.sort((a, b) => b - a);
  const models = makes.data?.makes.find((m) => m.make.toLowerCase() === make.trim().toLowerCase())?.models ?? [];

  /** Adds chosen photos, leaving out (and naming) those the server would refuse. */
  const addFiles = (chosen: File[]) => {
    const refused = new Map<string, File[]>();
    const refuse = (file: File, reason: string) => refused.set(reason, [...(refused.get(reason) ?? []), file]);
    const files: File[] = [];
    const newCount = images.filter((img) => img.kind === 'new').length;
    for (const file of chosen) {
      const problem = photoProblem(file);
      if (problem) refuse(file, problem);
      else if (images.length + files.length >= MAX_IMAGES_PER_VEHICLE)
        refuse(file, `A vehicle has at most ${MAX_IMAGES_PER_VEHICLE} photos`);
      else if (newCount + files.length >= MAX_IMAGES_PER_REQUEST)
        refuse(file, `At most ${MAX_IMAGES_PER_REQUEST} new photos per save`);
      else files.push(file);
    }
    for (const [reason, list] of refused) toast.error(`Not added (${names(list)}): ${reason}`);
    const added: FormImage[] = files.map((file) => {
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      return { kind: 'new', key: previewUrl, file, previewUrl };
    });
    setImages((current) => [...current, ...added]);
  };

  const removeImage = (index: number) => {
    const img = images[index];
    if (!img) return;
    if (img.kind === 'existing') {
      setRemovedIds((ids) => [...ids, img.id]);
    } else {
      URL.revokeObjectURL(img.previewUrl);
      previews.current.delete(img.previewUrl);
    }
    setImages((current) => current.filter((_, i) => i !== index));
    setDefaultIndex((d) => defaultIndexAfterRemoval(d, index));
  };

  const move = (index: number, delta: -1 | 1) => {
    const next = moveImage(images, defaultIndex, index, delta);
    setImages(next.images);
    setDefaultIndex(next.defaultIndex);
  };

  /**
   * The photo calls of a save, after the vehicle itself: removed photos, new files, then order and
   * default. Returns what failed, in words with the server's reason (issue #20, in place of
   * ADMIN-VEH-48's "only logged"); empty when everything was saved.
   */
  const saveImages = async (saved: Vehicle): Promise<string[]> => {
    const problems: string[] = [];
    let serverIds = saved.images.map((i) => i.id);
    for (const id of removedIds) {
      try {
        serverIds = (await deleteVehicleImage(saved.id, id)).images.map((i) => i.id);
      } catch (err) {
        const n = (vehicle?.images.findIndex((i) => i.id === id) ?? -1) + 1;
        problems.push(`photo ${n} was not deleted: ${errorMessage(err, 'the server did not answer')}`);
      }
    }
    const newFiles = images.flatMap((img) => (img.kind === 'new' ? [img.file] : []));
    let uploadedIds: string[] | null = [];
    if (newFiles.length > 0) {
      try {
        const res = await uploadVehicleImages(saved.id, newFiles);
        serverIds = res.images.map((i) => i.id);
        uploadedIds = serverIds.slice(-newFiles.length);
      } catch (err) {
        console.error('Image upload failed', err);
        uploadedIds = null;
        const what = newFiles.length === 1 ? 'photo was' : `${newFiles.length} photos were`;
        problems.push(`${what} not uploaded (${names(newFiles)}): ${errorMessage(err, 'the upload failed')}`);
      }
    }
    const order = serverOrder(images, uploadedIds);
    const wanted = order.filter((id): id is string => id !== null && serverIds.includes(id));
    try {
      if (wanted.length === serverIds.length && wanted.some((id, i) => id !== serverIds[i]))
        await reorderVehicleImages(saved.id, wanted);
      const chosen = order[defaultIndex];
      const defaultId = chosen && serverIds.includes(chosen) ? chosen : wanted[0];
      if (defaultId) await setDefaultImage(saved.id, defaultId);
    } catch (err) {
      console.error('Saving the image order or default failed', err);
      problems.push(`the photo order was not saved: ${errorMessage(err, 'the server did not answer')}`);
    }
    return problems;
  };

  const onSubmit = handleSubmit(async (values) => {
    const parsed = vehicleInputSchema.safeParse(formToInput(values));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || 'form';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      let saved: Vehicle;
      try {
        saved = vehicle ? await updateVehicle(vehicle.id, parsed.data) : await createVehicle(parsed.data);
      } catch (err) {
        toast.error(
          saveErrorText(
            err,
            isEdit ? 'Failed to update vehicle. Please try again.' : 'Failed to create vehicle. Please try again.',
          ),
        );
        return;
      }
      const problems = await saveImages(saved);
      if (problems.length === 0)
        toast.success(isEdit ? 'Vehicle updated successfully!' : 'Vehicle created successfully!');
      // Stays until dismissed: the vehicle was saved, its photos only in part.
      else
        toast.error(`${isEdit ? 'Vehicle updated' : 'Vehicle created'}, but ${problems.join('; ')}`, {
          autoClose: false,
        });
      await queryClient.invalidateQueries({ queryKey: ADMIN_VEHICLES_KEY });
      void queryClient.invalidateQueries({ queryKey: MAKES_MODELS_KEY });
      onClose();
    } finally {
      setSaving(false);
    }
  });

  const err = (key: string) => errors[key];
  const slug = slugify(title);
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-6">
      <LeaveGuard when={(formState.isDirty || imagesDirty) && !saving} />
      {errors.form ? <Alert>{errors.form}</Alert> : null}

      <section className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextField
            label="Title *"
            {...register('title')}
            error={err('title')}
            hint={slug ? `Slug: ${slug}` : 'The slug is made from the title.'}
          />
        </div>
        <div className="md:col-span-2">
          <TextField label="Long title (SEO)" {...register('longTitle')} error={err('longTitle')} />
        </div>
        <TextField label="Make *" list="admin-makes" {...register('make')} error={err('make')} autoComplete="off" />
        <datalist id="admin-makes">
          {makes.data?.makes.map((m) => (
            <option key={m.make} value={m.make} />
          ))}
        </datalist>
        <TextField label="Model *" list="admin-models" {...register('model')} error={err('model')} autoComplete="off" />
        <datalist id="admin-models">
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <SelectField label="Year *" {...register('year')} error={err('year')}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <TextField label="Name (optional)" {...register('name')} error={err('name')} />
        <VinField
          field={register('vin')}
          error={err('vin')}
          vin={watch('vin')}
          onDecoded={(d) => {
            // Only what was decoded: a null never clears what the form holds.
            if (d.modelYear !== null) setDecodedYear({ year: d.modelYear });
            if (d.make !== null) setValue('make', d.make, { shouldDirty: true });
          }}
        />
        <TextField
          label="Mileage *"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          {...register('mileage')}
          error={err('mileage')}
        />
        <SelectField label="Body type *" {...register('bodyType')} error={err('bodyType')}>
          {BODY_TYPES.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category" {...register('category')} error={err('category')}>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </section>

      <section className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Price (USD)"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...register('price')}
          error={err('price')}
        />
        <TextField
          label="MSRP (USD)"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...register('msrp')}
          error={err('msrp')}
        />
        <SelectField label="Status" {...register('status')} error={err('status')}>
          {VEHICLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField label="Listing type" {...register('listingType')} error={err('listingType')}>
          <option value="listing">Listing</option>
          <option value="auction">Auction</option>
        </SelectField>
        <SelectField label="Fuel type" {...register('fuelType')} error={err('fuelType')}>
          <option value="">Not specified</option>
          {FUEL_TYPES.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
        <SelectField label="Transmission" {...register('transmission')} error={err('transmission')}>
          <option value="">Not specified</option>
          {TRANSMISSIONS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField label="Exterior colour" {...register('exteriorColor')} error={err('exteriorColor')} />
      </section>

      <fieldset>
        <legend className="text-sm font-semibold text-ink-900">Tags</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {TAGS.map((tag) => (
            <label key={tag} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                value={tag}
                {...register('tags')}
                className="h-4 w-4 rounded border-slate-300 accent-brand-600"
              />
              {TAG_LABELS[tag] ?? tag}
            </label>
          ))}
        </div>
        {err('tags') ? <p className="mt-1 text-xs font-medium text-red-600">{err('tags')}</p> : null}
      </fieldset>

      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-ink-900">Location</legend>
        <TextField label="City" {...register('location.city')} error={err('location.city')} />
        <TextField label="State" {...register('location.state')} error={err('location.state')} />
        <TextField label="Country" {...register('location.country')} error={err('location.country')} />
      </fieldset>

      <section className="space-y-4">
        <TextAreaField label="Description" rows={4} {...register('description')} error={err('description')} />
        <div className="grid gap-4 md:grid-cols-3">
          <TextAreaField
            label="Exterior"
            rows={3}
            {...register('sections.exterior')}
            error={err('sections.exterior')}
          />
          <TextAreaField
            label="Interior"
            rows={3}
            {...register('sections.interior')}
            error={err('sections.interior')}
          />
          <TextAreaField label="Other" rows={3} {...register('sections.other')} error={err('sections.other')} />
        </div>
        <TextAreaField
          label="Features"
          rows={4}
          hint="One feature per line."
          {...register('features')}
          error={err('features') ?? Object.entries(errors).find(([k]) => k.startsWith('features.'))?.[1]}
        />
      </section>

      <VehicleImagesField
        images={images}
        defaultIndex={defaultIndex}
        onAddFiles={addFiles}
        onRemove={removeImage}
        onMove={move}
        onChooseDefault={setDefaultIndex}
      />

      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? (isEdit ? 'Updating...' : 'Saving...') : isEdit ? 'Update Vehicle' : 'Save Vehicle'}
        </Button>
      </div>
    </form>
  );
}
